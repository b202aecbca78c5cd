#!/usr/bin/env python3
"""Differential test of `forsyth fen convert` against python-chess (chess==1.11.2).

Positions: the seeded random games of `random_games.py` (standard chess and random Chess960 starts, every position
of each), plus a sample of the Chess960 EPD corpus. For each position python-chess writes the FEN in every mode
forsyth has (castling X-FEN or Shredder-FEN; en passant always / pseudo / legal, which python-chess calls fen / xfen /
legal). forsyth reads python-chess's FEN (X-FEN or Shredder-FEN at random, en passant always) and must write exactly
the same text in every mode; reading forsyth's own output again must give the same text (round trip).

Usage: fen_roundtrip.py FORSYTH_BINARY [--games N]
"""

import argparse
import os
import random
import subprocess
import sys

import chess

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from random_games import boards as game_boards, games  # noqa: E402

EP_MODES = {"always": "fen", "pseudo": "xfen", "legal": "legal"}
CASTLING = {"xfen": False, "shredder": True}
CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "shared", "corpus", "3moves-frc.epd.zst")


def corpus_positions(every):
    path = os.environ.get("FORSYTH_FRC_EPD", CORPUS)
    if not os.path.exists(path):
        return []
    text = subprocess.run(["zstd", "-dc", path], capture_output=True, check=True, text=True).stdout
    boards = []
    for i, line in enumerate(text.splitlines()):
        if i % every == 0 and line.strip():
            board = chess.Board(line.strip(), chess960=True)
            boards.append(board)
    return boards


def convert(binary, fens, castling, ep):
    result = subprocess.run([binary, "fen", "convert", "--castling", castling, "--ep", ep],
                            input="\n".join(fens) + "\n", capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"forsyth fen convert --castling {castling} --ep {ep} failed:\n{result.stderr[:2000]}")
    return result.stdout.splitlines()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("forsyth")
    parser.add_argument("--games", type=int, default=120)
    args = parser.parse_args()
    seed = 20261121
    boards = []
    # `--games` games of each variant, 20 to 119 plies long.
    for _variant, start, moves in games(seed, args.games, min_plies=20, max_plies=120):
        boards += game_boards(start, moves)
    boards += corpus_positions(every=100)
    rng = random.Random(seed)
    inputs = [b.fen(shredder=rng.random() < 0.5, en_passant="fen") for b in boards]
    failures = 0
    for castling, shredder in CASTLING.items():
        for ep, python_ep in EP_MODES.items():
            expected = [b.fen(shredder=shredder, en_passant=python_ep) for b in boards]
            got = convert(args.forsyth, inputs, castling, ep)
            again = convert(args.forsyth, got, castling, ep)
            if len(got) != len(expected):
                sys.exit(f"{castling}/{ep}: {len(got)} lines for {len(expected)} inputs")
            for fen_in, want, have, back in zip(inputs, expected, got, again):
                if want != have or have != back:
                    failures += 1
                    if failures <= 10:
                        print(f"{castling}/{ep}: {fen_in}\n  python-chess: {want}\n  forsyth:      {have}\n"
                              f"  read again:   {back}")
    print(f"fen_roundtrip: {len(boards)} positions x 6 modes, {failures} mismatches")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
