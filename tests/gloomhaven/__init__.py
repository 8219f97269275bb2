"""Gloomhaven tests: the hex space, situation files, queries."""
