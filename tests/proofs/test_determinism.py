"""A designer run gives the same findings whatever the process solved before (each starts a fresh Z3 context)."""

from __future__ import annotations

import json

from adjudicator.core.spec import Spec
from proofs import check, diff

A, B = "horrorclix/1e", "horrorclix/2008"


def test_diff_is_the_same_after_other_solving(real_spec: Spec) -> None:
    """The same diff, before and after a check in the same process: the same findings, witnesses included.

    Z3 picks its models by the context's history; without a fresh context per run the second diff found
    another witness for most findings (and a different number of them).
    """
    first = diff.run(real_spec, A, B, boards=False)
    check.run(real_spec, B, boards=False)
    second = diff.run(real_spec, A, B, boards=False)
    assert len(first) > 50
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
