#!/usr/bin/env python3
"""Reference move lists of fairy pieces from Popeye, the solver problemists trust.

Popeye is not installed or committed (its licence asks that it be distributed only in its entirety): build it from
its public source (github.com/thomas-maeder/popeye, `make -f makefile.unx`, about a minute with gcc) and pass the
binary `py`. For seeded random positions with the pieces Fairy-Stockfish cannot define (and some it can), this
script writes Popeye's input (`Stipulation ~1`: every legal move of White) and parses the moves it lists into

    <declarations> TAB <FEN> TAB <move>;<move>;... (sorted)

with moves normalised as `e2-e4`, `d4*c5` (capture), `d4*c5-b6` (locust: captured square, then target),
`b7*c8=EQ` (promotion, Popeye code), `0-0`, `0-0-0`. Positions Popeye refuses are skipped.

crates/forsyth/tests/popeye_fairy.rs reads the committed file (crates/forsyth/tests/data/popeye/moves.tsv, made by
`popeye_fairy.py --py PATH --positions 60 --seed 1`) and must list the same moves; so for the rest of the catalogue
(moves-catalogue.tsv and inputs-catalogue.txt, made by `popeye_fairy.py --py PATH --catalogue --positions 120
--seed 2 --out crates/forsyth/tests/data/popeye/moves-catalogue.tsv --inputs
crates/forsyth/tests/data/popeye/inputs-catalogue.txt`).

Usage: popeye_fairy.py --py PATH [--catalogue] [--positions N] [--seed N] [--out FILE] [--inputs FILE]
"""

import argparse
import random
import re
import subprocess

# FEN letter -> (forsyth name, Popeye code)
FAIRY = {
    "E": ("equihopper", "EQ"),
    "Z": ("nonstop-equihopper", "NE"),
    "O": ("rose", "RO"),
    "M": ("moa", "MO"),
    "A": ("mao", "MA"),
    "L": ("locust", "L"),
    "U": ("kangaroo", "KA"),
    "D": ("berolina-pawn", "BP"),
    "G": ("giraffe", "GI"),
    "T": ("antelope", "AN"),
    "H": ("nightrider-hopper", "NH"),
    "W": ("rook-hopper", "RH"),
    "V": ("bishop-hopper", "BH"),
    "I": ("leo", "LE"),
    "J": ("lion", "LI"),
    "F": ("pao", "PA"),
    "Y": ("vao", "VA"),
}
ORTHODOX = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "S", "P": "P"}

# The rest of the catalogue, Popeye's leapers, riders, their hoppers, lions and locusts, and the dummy: a position
# takes two to four of them, lettered in the order drawn (forsyth name, Popeye code).
CATALOGUE = [
    ("gnu", "GN"), ("root-50-leaper", "RF"), ("root-25-leaper", "BU"), ("squirrel", "SQ"), ("waran", "WA"),
    ("camelrider", "CR"), ("zebrarider", "ZR"), ("gnurider", "GR"), ("camelrider-hopper", "CH"),
    ("zebrarider-hopper", "ZH"), ("gnurider-hopper", "GH"), ("rook-lion", "RL"), ("bishop-lion", "BL"),
    ("nightrider-lion", "NL"), ("nao", "NA"), ("okapi", "OK"), ("bison", "BI"), ("zebu", "ZE"),
    ("elephant", "ET"), ("wazirrider", "WR"), ("fersrider", "FR"), ("1:5-leaper", "15"), ("1:6-leaper", "16"),
    ("2:4-leaper", "24"), ("2:5-leaper", "25"), ("3:5-leaper", "35"), ("3:6-leaper", "36"), ("3:7-leaper", "37"),
    ("rook-locust", "LR"), ("bishop-locust", "LB"), ("nightrider-locust", "LN"), ("dummy", "DU"),
]
LETTERS = "DEFGHIJLMOSTUVWYZ"


def catalogue_letters(rng):
    drawn = rng.sample(CATALOGUE, rng.randint(2, 4))
    return {letter: piece for letter, piece in zip(LETTERS, drawn)}


def square(f, r):
    return "abcdefgh"[f] + str(r + 1)


def random_position(rng, fairy):
    kinds = rng.sample(sorted(fairy), min(len(fairy), rng.randint(2, 4)))
    board = {}
    free = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(free)

    def put(letter, white, spot=None):
        spot = spot or free.pop()
        if spot in board:
            return
        if spot in free:
            free.remove(spot)
        board[spot] = letter if white else letter.lower()

    castle = rng.random() < 0.25
    if castle:
        put("K", True, (4, 0))
        put("R", True, (7, 0))
        put("R", True, (0, 0))
    else:
        put("K", True)
    put("K", False)
    for _ in range(rng.randint(3, 8)):
        letter = rng.choice(kinds + list("QRBNPP") if rng.random() < 0.3 else kinds)
        f, r = free[-1]
        if letter in ("P", "D") and r in (0, 7):
            continue
        put(letter, rng.random() < 0.55)
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            if (f, r) in board:
                row += (str(empty) if empty else "") + board[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    rights = "KQ" if castle else "-"
    fen = "/".join(rows) + f" w {rights} - 0 1"
    used = sorted({c.upper() for c in board.values() if c.upper() in fairy})
    declarations = " ".join(f"{c}={fairy[c][0]}" for c in used)
    return declarations, fen, board


def popeye_input(board, fairy):
    sides = {True: [], False: []}
    for (f, r), letter in sorted(board.items()):
        code = fairy[letter.upper()][1] if letter.upper() in fairy else ORTHODOX[letter.upper()]
        sides[letter.isupper()].append(code + square(f, r))
    return ("BeginProblem\nPieces\nWhite " + " ".join(sides[True]) + "\nBlack " + " ".join(sides[False])
            + "\nStipulation ~1\nOption NoBoard\nEndProblem\n")


MOVE = re.compile(r"^\s*1\.(\S+)")


def normalise(text):
    """`ROd4-d8` -> `d4-d8`; `Ld4*c5-b6` stays without its letters; `e5*d6` for en passant."""
    if text.startswith("0-0"):
        return text
    text = re.sub(r"^[A-Z1-9]{1,2}(?=[a-h][1-8])", "", text)
    return text


def popeye_moves(py, text):
    out = subprocess.run([py], input=text, capture_output=True, text=True, timeout=60).stdout
    if "solution finished" not in out:
        return None
    moves = []
    for line in out.splitlines():
        m = MOVE.match(line)
        if m:
            moves.append(normalise(m.group(1)))
    return sorted(moves)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--py", required=True)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="crates/forsyth/tests/data/popeye/moves.tsv")
    parser.add_argument("--inputs", default="crates/forsyth/tests/data/popeye/inputs.txt")
    parser.add_argument("--catalogue", action="store_true",
                        help="draw the pieces from the rest of the catalogue instead of the hoppers and Chinese pieces")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines, inputs = [], []
    while len(lines) < args.positions:
        fairy = catalogue_letters(rng) if args.catalogue else FAIRY
        declarations, fen, board = random_position(rng, fairy)
        text = popeye_input(board, fairy)
        moves = popeye_moves(args.py, text)
        if not moves:
            continue
        lines.append(f"{declarations}\t{fen}\t{';'.join(moves)}")
        inputs.append(text)
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    with open(args.inputs, "w") as out:
        out.write("\n".join(inputs))


if __name__ == "__main__":
    main()
