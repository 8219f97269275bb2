"""Geometry: the space interface and its implementations (the square grid today)."""
