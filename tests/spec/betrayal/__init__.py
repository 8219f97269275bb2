"""Table tests of the Betrayal spec."""
