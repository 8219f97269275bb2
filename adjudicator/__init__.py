"""Formal rules verifier and reference adjudicator for tabletop rules."""
