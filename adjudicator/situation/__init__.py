"""Situation files (the public contract): reading, validating and writing them."""
