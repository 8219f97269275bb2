"""Errors that carry their source position, reported as ``file:line: message``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Where:
    """A position in a spec or situation file (1-based line)."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class PositionedError(Exception):
    """One problem at one position: printed as ``file:line: message``."""

    def __init__(self, where: Where, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


class SpecErrors(Exception):
    """Every problem found while loading the spec, in file and line order."""

    def __init__(self, errors: list[PositionedError]) -> None:
        self.errors = sorted(errors, key=lambda e: (e.where.file, e.where.line, e.message))
        super().__init__("\n".join(str(e) for e in self.errors))


class UsageError(Exception):
    """A bad command-line argument or query (exit status 2)."""


class NotSupported(UsageError):
    """The engine cannot answer this query (kind, game or case) yet."""
