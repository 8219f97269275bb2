"""Betrayal tests: the room graph, situation files, dice and every query kind."""
