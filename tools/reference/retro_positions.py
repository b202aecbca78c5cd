#!/usr/bin/env python3
"""Positions for the retro-analysis differential test against Sherlock (see sherlock_verdicts/README.md).

Seeded and reproducible: positions along random games played with python-chess, each then edited once to three
times at random (a piece moved to an empty square, a piece added, a piece removed), kept when python-chess calls
the edited board valid (`Board.is_valid()`: kings, pawns off the back ranks, the side not to move not in check,
castling rights cleaned). Such positions are mostly reachable-looking but often are not, which is the ground on
which a static retro analysis can be wrong. One FEN per line on standard output.

    python3 tools/reference/retro_positions.py --count 3000 --seed 17 > positions.fen
"""
import argparse
import random

import chess


def random_game_position(rng):
    board = chess.Board()
    for _ in range(rng.randrange(4, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def edit(board, rng):
    pieces = [(sq, p) for sq, p in board.piece_map().items() if p.piece_type != chess.KING]
    empty = [sq for sq in chess.SQUARES if board.piece_at(sq) is None]
    kind = rng.randrange(3)
    if kind == 0 and pieces and empty:
        sq, piece = rng.choice(pieces)
        board.remove_piece_at(sq)
        board.set_piece_at(rng.choice(empty), piece)
    elif kind == 1 and empty:
        piece = chess.Piece(rng.choice([1, 1, 2, 3, 4, 5]), rng.choice([chess.WHITE, chess.BLACK]))
        board.set_piece_at(rng.choice(empty), piece)
    elif pieces:
        board.remove_piece_at(rng.choice(pieces)[0])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    while len(seen) < args.count:
        board = random_game_position(rng)
        for _ in range(rng.randrange(1, 4)):
            edit(board, rng)
        board.ep_square = None
        board.castling_rights = board.clean_castling_rights()
        if not board.is_valid():
            continue
        fen = board.fen()
        if fen not in seen:
            seen.add(fen)
            print(fen)


if __name__ == "__main__":
    main()
