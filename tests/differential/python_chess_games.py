#!/usr/bin/env python3
"""Writes python-chess's answers for seeded random games (standard chess and Chess960), one JSON object per game,
for `crates/forsyth/tests/differential_python_chess.rs` to compare forsyth against:

- for every position: the FEN (X-FEN castling, en-passant square only when a legal capture exists), the state
  (checkmate, stalemate, insufficient material, 75-move rule), and every legal move in UCI with its SAN;
- the game's PGN as python-chess exports it, with comments, NAGs and variations added at random.

Usage: python_chess_games.py [--seed N] [--games N] > dump.jsonl      (python-chess 1.11.2)
"""

import argparse
import json
import os
import random
import sys

import chess
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_games import boards, games, pick_move  # noqa: E402

WORDS = ["a", "good", "idea", "White", "is", "better", "unclear", "zugzwang", "with", "the", "initiative", "!"]


def state(board):
    """forsyth's `Status` names, decided in forsyth's order (no legal move first)."""
    if not any(board.legal_moves):
        return "checkmate" if board.is_check() else "stalemate"
    if board.is_insufficient_material():
        return "insufficient-material"
    if board.halfmove_clock >= 150:
        return "seventy-five-moves"
    return "ongoing"


def uci(board, move):
    return board.uci(move, chess960=board.chess960)


def annotated_pgn(rng, start, moves):
    """The game as python-chess exports it, with random comments, NAGs and short variations."""
    game = chess.pgn.Game.from_board(start)
    for name in ("Event", "Site", "Round", "White", "Black"):
        game.headers[name] = rng.choice(["?", "Club match", "Anna Schmidt", "3.1"])
    node = game
    for move in moves:
        main = node.add_main_variation(move)
        if rng.random() < 0.08:
            board = node.board()
            alternative = pick_move(rng, board)
            if alternative is not None and alternative != move:
                branch = node.add_variation(alternative)
                after = branch.board()
                for _ in range(rng.randrange(0, 3)):
                    reply = pick_move(rng, after)
                    if reply is None:
                        break
                    branch = branch.add_variation(reply)
                    after.push(reply)
        node = main
        if rng.random() < 0.1:
            node.comment = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 12)))
        if rng.random() < 0.05:
            node.nags.add(rng.randrange(1, 20))
    board = node.board()
    outcome = board.outcome()
    game.headers["Result"] = outcome.result() if outcome else "*"
    return game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True, columns=80)) + "\n\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=20261121)
    parser.add_argument("--games", type=int, default=150)
    args = parser.parse_args()
    rng = random.Random(args.seed + 1)
    for variant, start, moves in games(args.seed, args.games):
        positions = []
        for board in boards(start, moves):
            legal = {uci(board, m): board.san(m) for m in board.legal_moves}
            positions.append({"fen": board.fen(), "state": state(board), "moves": legal})
        print(json.dumps({
            "variant": variant,
            "start": start.fen(),
            "played": [uci(b, m) for b, m in zip(boards(start, moves), moves)],
            "positions": positions,
            "pgn": annotated_pgn(rng, start, moves),
        }))


if __name__ == "__main__":
    main()
