"""Tests: pytest + hypothesis."""
