"""Table tests of the HeroClix spec."""
