"""python-chess's ``chess.polyglot`` over forsyth: the Polyglot Zobrist key of a board (forsyth's keys, the
Polyglot book format's own table). Opening books are not read yet.

>>> import forsyth.chess as chess
>>> hex(chess.polyglot.zobrist_hash(chess.Board()))
'0x463b96181691fc9c'
"""

from __future__ import annotations

from forsyth.chess import Board


def zobrist_hash(board: Board) -> int:
    """The board's Polyglot key."""
    return board.zobrist_hash()
