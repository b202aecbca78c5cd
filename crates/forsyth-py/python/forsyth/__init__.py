"""forsyth: a chess notation engine, from Python.

Positions of standard chess, Chess960 and the 10x8 variants; moves read and written in SAN, FIDE, long, problem
notation and UCI, in 17 languages; FENs explained and drawn; PGN files (plain or .zst/.gz/.bz2) read at Rust speed.
Names follow python-chess where the idea is the same.
"""

from ._forsyth import (
    Error,
    FenError,
    IllegalMoveError,
    Move,
    PgnError,
    Position,
    Svg,
    board_svg,
    count,
    explain,
    start_position,
    translate,
)
from . import pgn

__all__ = [
    "Error",
    "FenError",
    "IllegalMoveError",
    "Move",
    "PgnError",
    "Position",
    "Svg",
    "board_svg",
    "count",
    "explain",
    "pgn",
    "start_position",
    "translate",
]
