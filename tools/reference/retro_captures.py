#!/usr/bin/env python3
"""An independent check of the pawn-capture bound of retro analysis, for positions where Sherlock finds no
illegality and forsyth does (see sherlock_verdicts/README.md).

A pawn moves along its file except when it captures, one file per capture. So the pawns of one colour need at
least as many captures as the cheapest assignment of the pawns on the board to distinct starting files costs
(cost = files moved), and every capture removes one unit of the opponent: a colour whose pawns need more captures
than the opponent has lost units cannot stand so. Computed here by brute force over assignments with python-chess
only for reading the board; it shares no code with forsyth.

    python3 tools/reference/retro_captures.py < positions.fen    # prints FEN, then "impossible" or "possible"
    python3 tools/reference/retro_captures.py --check crates/forsyth/tests/data/retro-sherlock-disagreements.tsv

With --check, every line of that file whose check names this script must be impossible here (exit 1 if not).
"""
import functools
import sys

import chess


def min_captures(files):
    """Cheapest assignment of pawns (their files) to distinct starting files 0..7."""
    files = sorted(files)

    @functools.lru_cache(maxsize=None)
    def best(i, used):
        if i == len(files):
            return 0
        return min(abs(files[i] - start) + best(i + 1, used | (1 << start))
                   for start in range(8) if not used & (1 << start))

    return best(0, 0)


def verdict(board):
    for color in (chess.WHITE, chess.BLACK):
        pawns = [chess.square_file(sq) for sq in board.pieces(chess.PAWN, color)]
        opponent_lost = 16 - chess.popcount(board.occupied_co[not color])
        if min_captures(tuple(pawns)) > opponent_lost:
            return "impossible"
    return "possible"


def check(path):
    checked = 0
    for line in open(path, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(fields) < 3 or not fields[2].startswith("retro_captures.py"):
            continue
        if verdict(chess.Board(fields[0])) != "impossible":
            sys.exit(f"retro_captures: {fields[0]} is listed as impossible by this check, but is not")
        checked += 1
    print(f"retro_captures: {checked} listed positions confirmed impossible")


if len(sys.argv) == 3 and sys.argv[1] == "--check":
    check(sys.argv[2])
else:
    for line in sys.stdin:
        fen = line.strip()
        if fen:
            print(f"{fen}\t{verdict(chess.Board(fen))}")
