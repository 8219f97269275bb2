"""The rules reference (reStructuredText) generated from the spec at docs build time."""
