"""The square grid: board, exact line geometry and pictures. Nothing outside this package assumes squares."""
