#!/usr/bin/env python3
"""Reference data for forsyth's pattern listing with fairy pieces (German problem-chess conventions: an indicated
line `Ga1~d3`, the piece on a1 gets to d3 in one or more moves, the opponent's moves between them free), written
with Fairy-Stockfish's move generator through pyffish and the custom pieces of pyffish_fairy.py (beside this file).

For each case (a position, the tracked piece's square, the target square, the most plies) the script walks the
legal moves pyffish gives: the piece moves (any move, capture or not), the opponent answers with any legal move
that does not capture it, and so on; every sequence in which the piece lands on the target is written, and the
walk goes on from there (the piece may come back to the target later). The walk is written here, apart from
forsyth's search in crates/forsyth/src/problem/matching.rs; the moves are Fairy-Stockfish's.

One line per case:

    <FEN> TAB <pattern> TAB <max plies> TAB <sequence>;<sequence>;...   (each sequence UCI moves joined by spaces,
                                                                         the sequences sorted)

crates/forsyth/tests/pattern_fairy.rs reads the file (FORSYTH_PATTERN_FAIRY_DATA, else the committed copy
crates/forsyth/tests/data/pattern-fairy.tsv made by this script) and must list the same sequences.

Usage: pattern_fairy.py --out FILE
Needs: pip install pyffish
"""

import argparse

import pyffish as sf

from pyffish_fairy import CONFIG, VARIANT

# (FEN, piece letter, from, to, most plies): White's piece, White to move, 8x8 boards, no en passant or castling
# that could touch the tracked piece. The letters are pyffish_fairy.py's (G grasshopper, Y nightrider, L camel,
# Z zebra, W pao, V vao, O leo, I lion, M mao).
CASES = [
    ("4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1", "G", "a1", "d3", 3),
    ("4k3/8/8/8/8/8/4P3/G3K3 w - - 0 1", "G", "a1", "f1", 3),
    ("4k3/8/2p5/8/8/8/8/Y3K3 w - - 0 1", "Y", "a1", "c5", 3),
    ("4k3/8/2p5/8/8/8/8/Y3K3 w - - 0 1", "Y", "a1", "c6", 3),
    ("4k3/8/8/8/8/8/8/L3K3 w - - 0 1", "L", "a1", "c7", 3),
    ("4k3/8/8/8/8/8/8/3ZK3 w - - 0 1", "Z", "d1", "d7", 5),
    ("r3k3/8/8/p7/8/8/P7/W3K3 w - - 0 1", "W", "a1", "a5", 3),
    ("4k3/6b1/8/8/8/2P5/8/V3K3 w - - 0 1", "V", "a1", "g7", 3),
    ("4k3/8/8/3n4/8/8/8/O3K3 w - - 0 1", "O", "a1", "d5", 3),
    ("4k3/8/8/8/8/8/1P6/I3K3 w - - 0 1", "I", "a1", "c3", 3),
    ("4k3/8/8/8/8/8/1P6/M3K3 w - - 0 1", "M", "a1", "c2", 3),
]


def sequences(fen, start, target, max_plies):
    """Every sequence of the tracked piece's moves (the opponent's free moves between them) that lands on
    target, within max_plies plies."""
    found = []

    def piece_moves(fen, square, played):
        if len(played) + 1 > max_plies:
            return
        for move in sf.legal_moves(VARIANT, fen, []):
            if move[:2] != square:
                continue
            landing = move[2:4]
            line = played + [move]
            if landing == target:
                found.append(" ".join(line))
            free_moves(sf.get_fen(VARIANT, fen, [move]), landing, line)

    def free_moves(fen, square, played):
        # A free move, then at least one more move of the piece.
        if len(played) + 2 > max_plies:
            return
        for move in sf.legal_moves(VARIANT, fen, []):
            if move[2:4] == square:
                continue  # the piece is taken: its line ends
            piece_moves(sf.get_fen(VARIANT, fen, [move]), square, played + [move])

    piece_moves(fen, start, [])
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    sf.load_variant_config(CONFIG)
    with open(args.out, "w") as out:
        for fen, letter, start, target, plies in CASES:
            found = sequences(fen, start, target, plies)
            assert found, f"no sequence for {letter}{start}~{target} in {fen}"
            out.write(f"{fen}\t{letter}{start}~{target}\t{plies}\t{';'.join(found)}\n")


if __name__ == "__main__":
    main()
