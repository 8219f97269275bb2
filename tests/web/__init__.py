"""Tests of the judge's table: the HTTP API and the page."""
