"""Table tests of the spec, per topic, named after the rules they test."""
