"""Piece labels for pictures: unique, short, and derived from the ids so a person can match them.

One rule for every picture (the text board, the SVG answer, the web editor's
``pieceLabels`` in ``web/static/spaces.js``, which must give the same labels):

1. An id of at most ``width`` characters is its own label.
2. A longer id keeps its letters and digits and its distinguishing part, the
   digits it ends with: ``crow1`` → ``cro1``, ``vampire_slayer`` → ``vamp``.
3. Where two long ids would share a label, each takes its first character and
   what follows the part they share (``vampire_slayer`` / ``vampire_hunter`` →
   ``vsla`` / ``vhun``); where that is still taken, the letters and a number.

Labels never change the case of an id: player 1 and player 2 are told apart by
colour and by the legend, never by letter case.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

LABEL_WIDTH = 4
"""Characters of a label: the pictures' cells hold this many."""

_TRAILING_DIGITS = re.compile(r"^(.*?)(\d+)$")


def _alnum(text: str) -> str:
    return "".join(ch for ch in text if ch.isascii() and ch.isalnum())


def _letters(piece_id: str) -> str:
    """The id's ASCII letters and digits (``p`` for an id with none)."""
    return _alnum(piece_id) or "p"


def short_label(piece_id: str, width: int = LABEL_WIDTH) -> str:
    """Rule 2: the id's letters cut to ``width``, keeping the digits it ends with."""
    letters = _letters(piece_id)
    if len(letters) <= width:
        return letters
    found = _TRAILING_DIGITS.match(letters)
    if found and found.group(1) and len(found.group(2)) < width:
        stem, digits = found.group(1), found.group(2)
        return stem[: width - len(digits)] + digits
    return letters[:width]


def _shared(ids: list[str]) -> int:
    """The length of the prefix all ``ids`` share."""
    first, last = min(ids), max(ids)
    n = 0
    while n < min(len(first), len(last)) and first[n] == last[n]:
        n += 1
    return n


def piece_labels(ids: Iterable[str], width: int = LABEL_WIDTH) -> dict[str, str]:
    """A unique label of at most ``width`` characters for each id, by the module's rule."""
    order = list(dict.fromkeys(ids))
    labels = {i: i for i in order if len(i) <= width}
    short = {i: short_label(i, width) for i in order if i not in labels}
    groups: dict[str, list[str]] = {}
    for piece_id, label in short.items():
        groups.setdefault(label, []).append(piece_id)
    taken = set(labels.values())
    clashing: list[str] = []
    for piece_id, label in short.items():
        if len(groups[label]) == 1 and label not in taken:
            labels[piece_id] = label
        else:
            clashing.append(piece_id)
    taken = set(labels.values())
    for piece_id in clashing:
        label = short[piece_id]
        rivals = [*groups[label], *([label] if label in order else [])]
        rest = _alnum(piece_id[_shared(rivals) :])
        chosen = (_letters(piece_id)[0] + rest)[:width] if rest else ""
        number = 1
        while not chosen or chosen in taken:
            chosen = _letters(piece_id)[: width - len(str(number))] + str(number)
            number += 1
        labels[piece_id] = chosen
        taken.add(chosen)
    return {i: labels[i] for i in order}
