"""Table tests of the Gloomhaven spec."""
