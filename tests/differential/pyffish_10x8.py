#!/usr/bin/env python3
"""Reference data for forsyth's 10x8 differential test, written by pyffish (Fairy-Stockfish's Python binding).

Plays seeded random games in capablanca, caparandom (Capablanca Random Chess, from random start arrays that follow
Scharnagl's rules), gothic, janus and embassy, and writes one line per position reached:

    <variant> TAB <FEN> TAB <uci>[ <san>];<uci>[ <san>];... (every legal move, sorted by UCI) TAB <move played>
    TAB <FEN after it>

with the SAN of the moves san_wanted picks (each pyffish call costs milliseconds; --every-san asks for all).

everything as pyffish writes it: pyffish.legal_moves, pyffish.get_san and pyffish.get_fen, with chess960=True for
caparandom only. So the FENs are classic (`KQkq`) for capablanca, gothic, janus and embassy and Shredder-FEN
(`JAja`) for caparandom, with the en-passant square only when a pawn stands ready to capture; UCI castling is
king-to-destination (`f1i1`), for caparandom king-takes-rook (`f1j1`).

crates/forsyth/tests/differential_pyffish.rs reads the file (FORSYTH_PYFFISH_DATA, else the committed sample
crates/forsyth/tests/data/pyffish-10x8.tsv made by this script with --games 2 --seed 2) and must agree on every
move list, every SAN and every FEN.

Random moves are biased towards castling, promotions, captures and pawn double steps so that the rare rules come up.
Deterministic for a given seed, whatever --jobs.

Usage: pyffish_10x8.py --out FILE [--games N] [--plies N] [--seed N] [--jobs N]
Needs: pip install pyffish
"""

import argparse
import multiprocessing
import random
import sys

import pyffish as sf

VARIANTS = ["capablanca", "caparandom", "gothic", "janus", "embassy"]
GOTHIC = "RNBQCKABNR"


def crc_array_problem(a):
    """Scharnagl's rules for CRC start arrays (shared/reference/variants.md), written independently of forsyth."""
    at = lambda c: [i for i, x in enumerate(a) if x == c]
    bishops, rooks = at("B"), at("R")
    (queen,), (archbishop,), (king,) = at("Q"), at("A"), at("K")
    if bishops[0] % 2 == bishops[1] % 2 or queen % 2 == archbishop % 2:
        return "colours"
    if not rooks[0] < king < rooks[1]:
        return "king"
    for f in range(10):
        if not any((abs(i - f) == 0 and p in "RQCK") or (abs(i - f) == 1 and p in "BQAK")
                   or (abs(i - f) == 2 and p in "NAC") for i, p in enumerate(a)):
            return "pawn"
    if abs(bishops[0] - bishops[1]) == 1:
        return "bishops"
    if sum(x != y for x, y in zip(a, GOTHIC)) <= 2:
        return "gothic"
    return None


def random_crc_fen(rng):
    while True:
        a = list("RRNNBBQACK")
        rng.shuffle(a)
        if crc_array_problem(a) is None:
            back = "".join(a)
            return f"{back.lower()}/pppppppppp/10/10/10/10/PPPPPPPPPP/{back} w KQkq - 0 1"


def board_of(fen):
    """Square name -> piece letter."""
    board = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
            else:
                board["abcdefghij"[f] + str(8 - r)] = row[i]
                f += 1
                i += 1
    return board


def pick(rng, fen, moves):
    """A random move, biased so that castling, promotions, en passant and checks come up often."""
    board = board_of(fen)

    def rare(m):
        piece, target = board.get(m[:2], " "), board.get(m[2:4])
        castles = piece in "Kk" and (abs(ord(m[0]) - ord(m[2])) >= 2
                                     or (target is not None and target.isupper() == piece.isupper()))
        en_passant = piece in "Pp" and m[0] != m[2] and target is None
        return len(m) > 4 or castles or en_passant

    def pawn(m):
        return board.get(m[:2], " ") in "Pp"

    def capture(m):
        return m[2:4] in board

    r = rng.random()
    for wanted, p in ((rare, 0.8), (pawn, 0.35), (capture, 0.6)):
        chosen = [m for m in moves if wanted(m)]
        if chosen and r < p:
            return rng.choice(chosen)
    return rng.choice(moves)


def san_wanted(rng, fen, moves, played, every):
    """The moves whose SAN is asked of pyffish: all if `every`, else the move played, castling, promotions, en
    passant, every move that shares piece and destination with another (disambiguation), and four at random."""
    if every:
        return set(moves)
    board = board_of(fen)
    groups = {}
    for m in moves:
        groups.setdefault((board.get(m[:2]), m[2:4]), []).append(m)
    wanted = {played} | set(rng.sample(moves, min(4, len(moves))))
    for m in moves:
        piece = board.get(m[:2], " ")
        if len(m) > 4 or piece in "Kk" or (piece in "Pp" and m[0] != m[2]) or len(groups[(piece, m[2:4])]) > 1:
            wanted.add(m)
    return wanted


def play_game(job):
    variant, seed, plies, every_san = job
    rng = random.Random(seed)
    chess960 = variant == "caparandom"
    start = random_crc_fen(rng) if chess960 else sf.start_fen(variant)
    fen = sf.get_fen(variant, start, [], chess960)
    lines = []
    for _ in range(plies):
        moves = sorted(sf.legal_moves(variant, fen, [], chess960))
        if not moves:
            break
        move = pick(rng, fen, moves)
        wanted = san_wanted(rng, fen, moves, move, every_san)
        listed = ";".join(f"{m} {sf.get_san(variant, fen, m, chess960)}" if m in wanted else m for m in moves)
        after = sf.get_fen(variant, fen, [move], chess960)
        lines.append(f"{variant}\t{fen}\t{listed}\t{move}\t{after}")
        fen = after
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--games", type=int, default=8, help="games per variant")
    parser.add_argument("--plies", type=int, default=140, help="longest game")
    parser.add_argument("--seed", type=int, default=20261121)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every-san", action="store_true", help="ask pyffish the SAN of every legal move")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    jobs = [(v, rng.randrange(1 << 30), rng.randrange(args.plies // 2, args.plies + 1), args.every_san)
            for _ in range(args.games) for v in VARIANTS]
    with multiprocessing.Pool(args.jobs) as pool:
        games = pool.map(play_game, jobs, chunksize=1)
    lines = [line for game in games for line in game]
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    moves = sum(line.split("\t")[2].count(";") + 1 for line in lines)
    sans = sum(move.count(" ") for line in lines for move in line.split("\t")[2].split(";"))
    print(f"pyffish_10x8: {len(lines)} positions, {moves} legal moves, {sans} SANs, from {len(jobs)} games "
          f"(pyffish {'.'.join(map(str, sf.version()))}) -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
