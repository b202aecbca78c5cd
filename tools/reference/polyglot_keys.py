#!/usr/bin/env python3
"""Writes crates/forsyth/src/position/polyglot_keys.rs: the 781 random numbers of the Polyglot opening-book format.

Needs: pip install chess==1.11.2 (python-chess ships the table as chess.polyglot.POLYGLOT_RANDOM_ARRAY).
Run from the repository root:  python3 tools/reference/polyglot_keys.py

Layout of the table, as python-chess 1.11.2 implements it (chess/polyglot.py, class ZobristHasher) and as the
Polyglot book format specifies it; a key is the XOR of these entries:

  * Pieces, 0..767: index = 64 * kind + 8 * rank + file, rank and file counted from 0 (a1 = 0, h1 = 7, a8 = 56),
    kind = 2 * (piece_type - 1) + (1 if the piece is White else 0), piece_type 1..6 = pawn, knight, bishop, rook,
    queen, king. So black pawn 0, white pawn 1, black knight 2, white knight 3, ..., black king 10, white king 11.
    (python-chess: `(piece_type - 1) * 2 + pivot` with pivot = 0 for board.occupied_co[BLACK], 1 for WHITE.)
  * Castling, 768..771: 768 White may castle kingside, 769 White queenside, 770 Black kingside, 771 Black queenside;
    each XORed in when that right is held.
  * En passant, 772..779: 772 + file of the en-passant square, XORed in only when the last move was a double pawn
    step AND a pawn of the side to move stands on the square beside the pushed pawn (left or right), i.e. could
    capture en passant pseudo-legally. Whether that capture is legal (pin, check) does not matter; an en-passant
    square without such a pawn adds nothing.
  * Turn, 780: XORed in when White is to move (not when Black is).

Checks made here (the test keys published with the Polyglot format; python-chess reproduces all of them):
  start position                                 463b96181691fc9c
  e2e4                                           823c9b50fd114196
  e2e4 d7d5                                      0756b94461c50fb0
  e2e4 d7d5 e4e5                                 662fafb965db29d4
  e2e4 d7d5 e4e5 f7f5                            22a48b5a8e47ff78
  e2e4 d7d5 e4e5 f7f5 e1e2                       652a607ca3f242c1
  e2e4 d7d5 e4e5 f7f5 e1e2 e8f7                  00fdd303c946bdd9
  a2a4 b7b5 h2h4 b5b4 c2c4                       3c8123ea7b067637
  a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3             5c3f9b829b279560
The script also recomputes every key from the layout above and compares with chess.polyglot.zobrist_hash on a
seeded set of random-game positions, so the layout statement is checked, not just copied.
"""

import random
import sys

import chess
import chess.polyglot

OUT = "crates/forsyth/src/position/polyglot_keys.rs"

TEST_KEYS = [
    ("", 0x463B96181691FC9C),
    ("e2e4", 0x823C9B50FD114196),
    ("e2e4 d7d5", 0x0756B94461C50FB0),
    ("e2e4 d7d5 e4e5", 0x662FAFB965DB29D4),
    ("e2e4 d7d5 e4e5 f7f5", 0x22A48B5A8E47FF78),
    ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652A607CA3F242C1),
    ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00FDD303C946BDD9),
    ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3C8123EA7B067637),
    ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5C3F9B829B279560),
]


def key_from_layout(board, table):
    """The key as the docstring describes it, written independently of python-chess's hasher."""
    h = 0
    for square, piece in board.piece_map().items():
        kind = 2 * (piece.piece_type - 1) + (1 if piece.color == chess.WHITE else 0)
        h ^= table[64 * kind + 8 * chess.square_rank(square) + chess.square_file(square)]
    if board.has_kingside_castling_rights(chess.WHITE):
        h ^= table[768]
    if board.has_queenside_castling_rights(chess.WHITE):
        h ^= table[769]
    if board.has_kingside_castling_rights(chess.BLACK):
        h ^= table[770]
    if board.has_queenside_castling_rights(chess.BLACK):
        h ^= table[771]
    if board.ep_square is not None:
        ep_file = chess.square_file(board.ep_square)
        pusher_rank = chess.square_rank(board.ep_square) + (-1 if board.turn == chess.WHITE else 1)
        for f in (ep_file - 1, ep_file + 1):
            if 0 <= f < 8:
                p = board.piece_at(chess.square(f, pusher_rank))
                if p is not None and p.piece_type == chess.PAWN and p.color == board.turn:
                    h ^= table[772 + ep_file]
                    break
    if board.turn == chess.WHITE:
        h ^= table[780]
    return h


def main():
    table = list(chess.polyglot.POLYGLOT_RANDOM_ARRAY)
    assert len(table) == 781, len(table)
    assert all(0 <= x < 1 << 64 for x in table)
    assert table[0] == 0x9D39247E33776D41 and table[780] == 0xF8D626AAAF278509

    for moves, key in TEST_KEYS:
        board = chess.Board()
        for m in moves.split():
            board.push_uci(m)
        assert chess.polyglot.zobrist_hash(board) == key, (moves, hex(chess.polyglot.zobrist_hash(board)))
        assert key_from_layout(board, table) == key, moves
    assert chess.polyglot.zobrist_hash(chess.Board()) == 0x463B96181691FC9C

    # the layout statement against python-chess's hasher on many positions (ep squares kept after every double
    # step, as python-chess's Board does, so the "pawn beside it" rule is exercised both ways)
    rng = random.Random(781)
    checked = 0
    for _ in range(300):
        board = chess.Board()
        for _ in range(rng.randrange(1, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            assert key_from_layout(board, table) == chess.polyglot.zobrist_hash(board), board.fen()
            checked += 1

    with open(OUT, "w") as f:
        f.write("//! The 781 random numbers of the Polyglot opening-book format, which fix the Zobrist keys of 8×8"
                " positions.\n")
        f.write("//! Generated by tools/reference/polyglot_keys.py; do not edit.\n")
        f.write("pub(crate) static POLYGLOT_RANDOM: [u64; 781] = [\n")
        for x in table:
            f.write(f"    0x{x:016x},\n")
        f.write("];\n")
    print(f"wrote {OUT}; layout checked on {checked} positions and {len(TEST_KEYS)} published test keys",
          file=sys.stderr)


if __name__ == "__main__":
    main()
