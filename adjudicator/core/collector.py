"""The garbage collector paused while a block builds many objects that live on and hold no cycle to free.

Reading a cached spec or a board scan's logs makes tens of thousands of such objects; each of the collector's
automatic runs (every few hundred new objects) would walk every one made so far, and free nothing.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The automatic garbage collector off while the block runs (as it was again after it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
