"""Z3 proofs over the spec: value-pipeline proofs, conflict and gap checks, edition diffs."""
