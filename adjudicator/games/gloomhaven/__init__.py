"""Gloomhaven (``gloomhaven/1e``): the hex map, its situations and queries (see :mod:`.game`)."""
