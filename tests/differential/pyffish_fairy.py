#!/usr/bin/env python3
"""Reference data for forsyth's fairy-piece differential test, written by pyffish (Fairy-Stockfish's Python
binding) with custom pieces defined in Betza notation through pyffish.load_variant_config.

The pieces and the letters both sides use (forsyth declares them with --piece / PieceTable::declare_text):

    G grasshopper gQ    Y nightrider NN    L camel C    Z zebra Z    W pao mRcpR    V vao mBcpB
    O leo mQcpQ         I lion pQ          M mao nN

Pawns promote to queen, rook, bishop, knight and every one of these (as forsyth promotes to the declared pieces),
on the 10x8 board (Capablanca's rules, start array with grasshopper and nightrider) also to archbishop and
chancellor.

Plays seeded random games from start arrays with fairy pieces and from random sparse positions, and writes one
line per position reached:

    <FEN> TAB <uci>;<uci>;... (every legal move, sorted) TAB <perft 2 or ->

perft 2 is counted by pyffish (the legal moves after each legal move) for every fourth position.
crates/forsyth/tests/differential_pyffish_fairy.rs reads the file (FORSYTH_PYFFISH_FAIRY_DATA, else the committed
sample crates/forsyth/tests/data/pyffish-fairy.tsv made by this script with --games 6 --seed 1) and must agree on
every move list and count.

Usage: pyffish_fairy.py --out FILE [--games N] [--plies N] [--seed N]
Needs: pip install pyffish
"""

import argparse
import random

import pyffish as sf

VARIANT = "forsythfairy"
CONFIG = f"""
[{VARIANT}:chess]
customPiece1 = g:gQ
customPiece2 = y:NN
customPiece3 = l:C
customPiece4 = z:Z
customPiece5 = w:mRcpR
customPiece6 = v:mBcpB
customPiece7 = o:mQcpQ
customPiece8 = i:pQ
customPiece9 = m:nN
promotionPieceTypes = qrbngylzwvoim

[{VARIANT}10:capablanca]
customPiece1 = g:gQ
customPiece2 = y:NN
customPiece3 = l:C
customPiece4 = z:Z
promotionPieceTypes = qrbnacgylz
"""

STARTS = [
    "rgyqkzlr/pppppppp/8/8/8/8/PPPPPPPP/RGYQKZLR w KQkq - 0 1",
    "rgabqkbcyr/pppppppppp/10/10/10/10/PPPPPPPPPP/RGABQKBCYR w KQkq - 0 1",
    "rwvokimr/pppppppp/8/8/8/8/PPPPPPPP/RWVOKIMR w KQkq - 0 1",
    "rnbgkynr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKYNR w KQkq - 0 1",
]
FAIRY = "gylzwvoim"


def random_sparse(rng):
    """Kings, a few pawns and fairy pieces anywhere; kept when neither side's king stands attacked wrongly."""
    while True:
        board = [["" for _ in range(8)] for _ in range(8)]
        free = [(f, r) for f in range(8) for r in range(8)]
        rng.shuffle(free)
        placed = [("K", free.pop()), ("k", free.pop())]
        for _ in range(rng.randint(3, 9)):
            letter = rng.choice(FAIRY + "qrbnp")
            f, r = free.pop()
            if letter == "p" and r in (0, 7):
                continue
            placed.append((letter.upper() if rng.random() < 0.5 else letter, (f, r)))
        for letter, (f, r) in placed:
            board[7 - r][f] = letter
        rows = []
        for row in board:
            text, empty = "", 0
            for cell in row:
                if cell:
                    text += (str(empty) if empty else "") + cell
                    empty = 0
                else:
                    empty += 1
            rows.append(text + (str(empty) if empty else ""))
        fen = "/".join(rows) + " w - - 0 1"
        other = fen.replace(" w ", " b ")
        if sf.gives_check(VARIANT, other, []):
            continue  # Black, not to move, would stand in check.
        if sf.legal_moves(VARIANT, fen, []):
            return fen


def pick(rng, fen, moves):
    """Random move, biased towards captures, promotions and castling so that the rare rules come up."""
    special = [m for m in moves if len(m) == 5 or m in ("e1g1", "e1c1", "e8g8", "e8c8")]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(moves)


def width(fen):
    """Squares in the FEN's first rank."""
    squares, number = 0, ""
    for c in fen.split("/")[0]:
        if c.isdigit():
            number += c
        else:
            squares += int(number or 0) + 1
            number = ""
    return squares + int(number or 0)


def variant(fen):
    """The 8x8 variant, or its 10x8 sibling (Capablanca's rules, archbishop A and chancellor C) for wide boards."""
    return VARIANT + "10" if width(fen) == 10 else VARIANT


def perft2(fen, moves):
    v = variant(fen)
    return sum(len(sf.legal_moves(v, fen, [m])) for m in moves)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sf.load_variant_config(CONFIG)
    rng = random.Random(args.seed)
    lines = []
    for game in range(args.games):
        fen = STARTS[(game // 2) % len(STARTS)] if game % 2 == 0 else random_sparse(rng)
        for ply in range(args.plies):
            v = variant(fen)
            moves = sorted(sf.legal_moves(v, fen, []))
            count = str(perft2(fen, moves)) if ply % 4 == 0 else "-"
            lines.append(f"{fen}\t{';'.join(moves)}\t{count}")
            if not moves or sf.is_optional_game_end(v, fen, [])[0]:
                break
            fen = sf.get_fen(v, fen, [pick(rng, fen, moves)])
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
