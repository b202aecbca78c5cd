"""forsyth: a chess notation engine, from Python.

Positions of standard chess, Chess960 and the 10x8 variants; moves read and written in SAN, FIDE, long, problem
notation and UCI, in 17 languages; FENs explained and drawn; PGN files (plain or .zst/.gz/.bz2) read at Rust speed.
Names follow python-chess where the idea is the same. ``forsyth.pgn.to_arrow`` needs pyarrow
(``pip install 'forsyth[arrow]'``); the ``forsyth`` command (``python -m forsyth``) is the Rust command line.
"""

from ._forsyth import (
    __version__,
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
