#!/usr/bin/env python3
"""10x8 perft reference data for forsyth: capablanca, crc (Capablanca Random Chess), gothic, janus, embassy.

Writes crates/forsyth/tests/data/perft-10x8.epd (path relative to the repository root), one position a line:

    <variant>;<FEN> ;D1 <n> ;D2 <n> ;D3 <n> ;D4 <n>[ ;D5 <n>]

variant is one of capablanca, crc, gothic, janus, embassy (Fairy-Stockfish calls crc `caparandom`). Lines starting
with '#' are comments (only at the top of the file).

Positions, per variant, in file order:
  * the variant's start position (D1..D5); for crc, Fairy-Stockfish's own caparandom start (Capablanca's array,
    which is not a CRC array) and three CRC start arrays drawn (seeded) from the arrays that follow the rules in
    shared/reference/variants.md (D1..D5);
  * for gothic, the two public perft positions of variants.md (D1..D4);
  * 10 positions from seeded random games (D1..D4), picked for features: partial castling rights, en passant,
    check, promotion available, castling legal;
  * for crc, 6 more positions from guided random games from CRC starts, picked for partial rights and legal
    castling with the king landing on or crossing its rook's square or king or rook not moving, and 4 positions
    made by hand with inner-rook castling rights (a castling rook with another rook of its colour further out on the
    back rank), legal or barred (D1..D4).

FENs are exactly as pyffish (Fairy-Stockfish's Python binding) writes them: pyffish.get_fen(variant, fen, [],
chess960) with chess960 False for capablanca, gothic, janus, embassy (castling field `KQkq` subset) and True for
caparandom (castling field = Shredder rook-file letters; pyffish writes those for caparandom in either mode).
En-passant square only when a pseudo-legal en-passant capture exists (Fairy-Stockfish's rule).

Counting: the Fairy-Stockfish binary (Debian package fairy-stockfish, /usr/games/fairy-stockfish): `setoption name
UCI_Variant value <v>`, `setoption name UCI_Chess960 value <true for caparandom>`, `position fen <fen>`, `go perft N`.
Cross-check: pyffish (a newer Fairy-Stockfish) recounts D1..D3 of every position and D4 of four (see d4_crosscheck),
recursively with pyffish.legal_moves; the script fails on any difference. (pyffish takes about 3 ms a call, so deeper
checks would take hours; the random games are played with the binary for the same reason.) The start positions and the
gothic positions are compared with the public numbers of variants.md; a difference is reported in the header and
on stderr (not fatal). Skip the pyffish cross-check with --no-crosscheck.

Needs: pip install pyffish; apt-get install fairy-stockfish.
Run from the repository root:  python3 tools/reference/perft_10x8.py  [--jobs 2] [--no-crosscheck]
Deterministic: fixed seeds; the output does not depend on --jobs.
"""

import argparse
import itertools
import multiprocessing
import random
import sys
import time

import pyffish as sf

from fairy_stockfish import FairyStockfish

SEED = 108_2026
OUT = "crates/forsyth/tests/data/perft-10x8.epd"

TAGS = ["capablanca", "crc", "gothic", "janus", "embassy"]
FS_NAME = {"capablanca": "capablanca", "crc": "caparandom", "gothic": "gothic", "janus": "janus", "embassy": "embassy"}
CHESS960 = {"capablanca": False, "crc": True, "gothic": False, "janus": False, "embassy": False}

# public numbers, shared/reference/variants.md (chessprogramming.org, Fairy-Stockfish tests/perft.sh, Cute Chess)
PUBLIC = {
    ("capablanca", "start"): {1: 28, 2: 784, 3: 25228, 4: 805128, 5: 28741319},
    ("gothic", "start"): {4: 808984},
    ("embassy", "start"): {4: 809539, 5: 28937546},
    ("janus", "start"): {4: 772074, 5: 26869186},
    ("gothic", "r1b1c2rk1/p4a1ppp/1ppq2pn2/3p1p4/3A1Pn3/1PN3PN2/P1PQP1BPPP/3RC2RK1 w - - 0 1"): {4: 7917813},
    ("gothic", "r1b2k2nr/p1ppq1ppbp/n1Pcpa2p1/5p4/5P4/1p1PBCPN2/PP1QP1BPPP/RN3KA2R w KQkq - 0 1"): {4: 4869569},
}

FILES = "abcdefghij"


# ---------------------------------------------------------------------------------------------------------------
# board helpers (10x8)


def parse_board(fen):
    """{(file, rank): piece letter} with file 0..9, rank 0..7 (rank 0 = White's back rank)."""
    board = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank = 7 - i
        f = 0
        num = ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == " ":
                break
            if ch in "~":
                continue
            board[(f, rank)] = ch
            f += 1
        assert f == 10, fen
    return board


def square(name):
    return FILES.index(name[0]), int(name[1:]) - 1


def split_move(uci):
    """'f1j1' -> ('f1', 'j1', ''), 'a7a8q' -> ('a7', 'a8', 'q'); ranks are one digit on 8 ranks."""
    return uci[0:2], uci[2:4], uci[4:]


def is_white(piece):
    return piece.isupper()


def castling_rooks(fen, tag):
    """[(color, rook file)] for Shredder castling fields (crc); [] otherwise."""
    field = fen.split()[2]
    if tag != "crc" or field == "-":
        return []
    return [("w" if ch.isupper() else "b", FILES.index(ch.lower())) for ch in field]


def rights_count(fen):
    field = fen.split()[2]
    return 0 if field == "-" else len(field)


def is_castling(board, uci, tag):
    a, b, _ = split_move(uci)
    fa, fb = square(a), square(b)
    piece = board.get(fa)
    if piece is None or piece.lower() != "k":
        return False
    if CHESS960[tag]:
        target = board.get(fb)
        return target is not None and target.lower() == "r" and is_white(target) == is_white(piece)
    return abs(fa[0] - fb[0]) >= 2


# ---------------------------------------------------------------------------------------------------------------
# CRC start arrays


def crc_arrays():
    """All arrays of RNBQKACBNR satisfying the checkable CRC rules of variants.md: bishops on opposite colours, queen
    and archbishop on opposite colours, king between the rooks, every pawn protected, no two bishops adjacent.
    That leaves 12,130 arrays; Scharnagl's 12,118 also drop the Gothic array and near-Gothic ones, which are not
    defined precisely here, so we drop every array within two squares of Gothic or its mirror (22 arrays)."""

    def light(f):
        return f % 2 == 1  # a1 is dark

    def ok(a):
        b = [i for i, c in enumerate(a) if c == "B"]
        if light(b[0]) == light(b[1]) or abs(b[0] - b[1]) == 1:
            return False
        if light(a.index("Q")) == light(a.index("A")):
            return False
        r = [i for i, c in enumerate(a) if c == "R"]
        if not r[0] < a.index("K") < r[1]:
            return False
        for f in range(10):
            if not any((abs(g - f) == 0 and c in "RQCK") or (abs(g - f) == 1 and c in "BQAK")
                       or (abs(g - f) == 2 and c in "NAC") for g, c in enumerate(a)):
                return False
        return True

    arrays = sorted({"".join(p) for p in itertools.permutations("RNBQKACBNR") if ok(p)})
    assert len(arrays) == 12130, len(arrays)
    gothic = "RNBQCKABNR"
    near = {a for a in arrays
            if min(sum(x != y for x, y in zip(a, g)) for g in (gothic, gothic[::-1])) <= 2}
    assert len(near) == 22
    return [a for a in arrays if a not in near]


def crc_start_fen(array):
    return sf.get_fen("caparandom", f"{array.lower()}/pppppppppp/10/10/10/10/PPPPPPPPPP/{array} w KQkq - 0 1", [], True)


# ---------------------------------------------------------------------------------------------------------------
# random games


def features(tag, fen, moves, in_check):
    board = parse_board(fen)
    feats = set()
    n = rights_count(fen)
    if 1 <= n <= 3:
        feats.add("partial_rights")
    if in_check:
        feats.add("check")
    ep = fen.split()[3]
    if ep != "-":
        for m in moves:
            a, b, _ = split_move(m)
            if b == ep and board.get(square(a), " ").lower() == "p":
                feats.add("ep")
    if any(split_move(m)[2] for m in moves):
        feats.add("promotion")
    castles = [m for m in moves if is_castling(board, m, tag)]
    if castles:
        feats.add("castling_legal")
    if tag == "crc":
        for color, rf in castling_rooks(fen, tag):
            rank = 0 if color == "w" else 7
            king = [f for (f, r), p in board.items() if r == rank and p == ("K" if color == "w" else "k")]
            if not king:
                continue
            kf = king[0]
            side = 1 if rf > kf else -1
            rook = "R" if color == "w" else "r"
            for (f, r), p in board.items():
                if r == rank and p == rook and f != rf and (f - rf) * side > 0:
                    feats.add("inner_rook")
        for m in castles:
            a, b, _ = split_move(m)
            (kf, rank), (rf, _) = square(a), square(b)
            kt = 8 if rf > kf else 2
            rt = 7 if rf > kf else 3
            if kt == rf:
                feats.add("king_onto_rook_square")
            if min(kf, kt) < rf < max(kf, kt):
                feats.add("king_crosses_rook_square")
            if kf == kt or rf == rt:
                feats.add("king_or_rook_stays")
    return feats


def move_weight(tag, board, fen, uci):
    a, b, _ = split_move(uci)
    piece = board[square(a)]
    kind = piece.lower()
    if kind == "k":
        return 1.0 if is_castling(board, uci, tag) else 0.15
    if kind == "p":
        return 2.0
    if kind != "r" or tag != "crc":
        return 1.0
    # crc: rooks move more (more so once they have no right), and a rook move to its own back rank beyond a rook
    # that keeps a castling right (the inner-rook case) is much more frequent
    color = "w" if is_white(piece) else "b"
    rank = 0 if color == "w" else 7
    (af, ar), (bf, br) = square(a), square(b)
    rights = castling_rooks(fen, tag)
    king = [f for (f, r), p in board.items() if r == rank and p == ("K" if color == "w" else "k")]
    if br == rank and king:
        for c, rf in rights:
            if c == color and (rf, rank) != (af, ar) and (rf - king[0]) * (bf - rf) > 0:
                return 40.0
    if (color, af) not in rights or ar != rank:
        return 10.0
    return 4.0


def random_games(fs, rng, tag, starts, games, min_plies, max_plies):
    """Candidates (fen, feats, game) from seeded random games. The games are played with the Fairy-Stockfish binary
    (pyffish takes milliseconds a call); the FENs of the positions picked are rewritten by pyffish afterwards."""
    out = []
    seen = set()
    for game in range(games):
        fen = rng.choice(starts)
        moves = sorted(engine_for(fs, tag).legal(fen))
        plies = rng.randrange(min_plies, max_plies + 1)
        for ply in range(plies):
            if not moves:
                break
            board = parse_board(fen)
            weights = [move_weight(tag, board, fen, m) for m in moves]
            fen, in_check = engine_for(fs, tag).after(fen, rng.choices(moves, weights)[0])
            moves = sorted(engine_for(fs, tag).legal(fen))
            if ply < 7 or fen in seen or not moves:
                continue
            seen.add(fen)
            out.append((fen, features(tag, fen, moves, in_check), game))
    return out


def pyffish_fen_and_features(tag, fen):
    v, c = FS_NAME[tag], CHESS960[tag]
    fen = sf.get_fen(v, fen, [], c)
    return fen, features(tag, fen, sf.legal_moves(v, fen, [], c), sf.gives_check(v, fen, [], c))


def pick(rng, tag, candidates, quota):
    picked = []
    used_games = set()
    for cat, count in quota:
        for _ in range(count):
            pool = [x for x in candidates if (cat is None or cat in x[1]) and x[2] not in used_games]
            if not pool:
                raise SystemExit(f"no candidate for {cat}")
            pool.sort(key=lambda x: -len(x[1]))
            fen, feats, game = rng.choice(pool[:8])
            used_games.add(game)
            fen, feats2 = pyffish_fen_and_features(tag, fen)
            assert cat in feats2, (fen, cat, feats, feats2)
            picked.append((fen, "random game; " + ", ".join(sorted(feats2))))
    return picked


QUOTA_MIDDLEGAME = [
    ("partial_rights", 3),
    ("ep", 2),
    ("check", 1),
    ("promotion", 2),
    ("castling_legal", 2),
]

QUOTA_CRC = [
    ("king_onto_rook_square", 2),
    ("king_crosses_rook_square", 1),
    ("king_or_rook_stays", 1),
    ("partial_rights", 2),
]


# Random games from CRC starts practically never leave an inner rook with its right (not once in 1,500 guided games),
# so these are made by hand; pyffish and the binary check them like the others.
CONSTRUCTED_CRC = [
    ("r1r1k2bn1/pppp1ppppp/2n1pq1a1c/10/10/2NBQA1CB1/PPPPPPPPPP/5KR2R w Gc - 0 12",
     "constructed: inner rooks G (j1 outer) and c (a8 outer); White's O-O (f1g1) crosses its rook's square, Black's"
     " O-O-O lands its king on c8"),
    ("1qb2k1r1r/pppp1pppp1/3np1an1p/10/10/2N1PNC3/PPPP1PPPPP/RRK2B3Q w Bh - 2 14",
     "constructed: inner rooks B (a1 outer) and h (j8 outer); White's O-O-O (c1b1) leaves the king on c1, Black's"
     " O-O (f8h8) leaves the rook on h8"),
    ("2r2k2r1/pppppppp1q/2nb2bn2/10/10/2NB2BN2/PPPPPPPP1Q/R2RK2R2 b HDic - 3 20",
     "constructed: White's inner rook D (a1 outer) and H; Black's castlings f8i8 and f8c8 both land the king on its"
     " rook's square; White's O-O is barred by the rook on i8"),
    ("r3k3r1/pppp1ppppp/2n1p1cn2/10/4P1b3/2N1A2N2/1PPP1PPPPP/R1R1K4R w JCa - 4 9",
     "constructed: inner rook C (a1 outer, promoted: a2 pawn missing) whose O-O-O is barred by the bishop on g4"
     " attacking d1; J legal; Black keeps only a"),
]


def material_reachable(fen, start="RNBQKACBNR"):
    """Each side's pieces can come from its start array plus promotions of its missing pawns."""
    pieces = list(parse_board(fen).values())
    for side in (str.upper, str.lower):
        have = {t: sum(1 for p in pieces if p == side(t)) for t in set(start) | {"P"}}
        promoted = sum(max(0, have[t] - start.count(t)) for t in set(start) if t != "K")
        if have["K"] != 1 or have["P"] + promoted > 10:
            return False
    return True


# ---------------------------------------------------------------------------------------------------------------
# Fairy-Stockfish binary


def engine_for(fs, tag):
    """The binary set to the variant tag's rules."""
    return fs.configure(FS_NAME[tag], CHESS960[tag])


# ---------------------------------------------------------------------------------------------------------------
# pyffish perft (cross-check)


def pyffish_perft(v, fen, moves, depth, c):
    legal = sf.legal_moves(v, fen, moves, c)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(v, fen, moves + [m], depth - 1, c) for m in legal)


def pyffish_job(args):
    tag, fen, depth = args
    v, c = FS_NAME[tag], CHESS960[tag]
    # recurse from the FEN of each child so that the move lists stay short
    if depth <= 2:
        return pyffish_perft(v, fen, [], depth, c)
    return sum(pyffish_perft(v, sf.get_fen(v, fen, [m], c), [], depth - 1, c)
               for m in sf.legal_moves(v, fen, [], c))


# ---------------------------------------------------------------------------------------------------------------


def d4_crosscheck(positions, counts):
    """Positions whose D4 pyffish recounts too (it takes a minute or two each): the capablanca start, the first CRC
    start array, and the two constructed inner-rook crc positions of smallest D3."""
    out = [0]
    out.append(next(i for i, p in enumerate(positions) if p[2].startswith("CRC start array")))
    crc = [i for i, p in enumerate(positions) if p[0] == "crc" and p[2].startswith("constructed")]
    out += sorted(crc, key=lambda i: (counts[(i, 3)], i))[:2]
    return out


def castling_forms():
    """Per variant: pyffish's UCI castling moves and SAN, on the start array with the back rank cleared between
    king and rooks."""
    out = {}
    for tag in TAGS:
        v, c = FS_NAME[tag], CHESS960[tag]
        start = sf.start_fen(v)
        row = start.split("/")[7].split()[0]
        cleared = "".join(ch if ch in "RK" else "1" for ch in row)
        # re-compress digits
        comp, run = "", 0
        for ch in cleared:
            if ch == "1":
                run += 1
            else:
                comp += (str(run) if run else "") + ch
                run = 0
        comp += str(run) if run else ""
        parts = start.split(" ")
        ranks = parts[0].split("/")
        ranks[7] = comp
        ranks[0] = comp.lower()
        fen = sf.get_fen(v, " ".join(["/".join(ranks)] + parts[1:]), [], c)
        board = parse_board(fen)
        forms = []
        for m in sf.legal_moves(v, fen, [], c):
            if is_castling(board, m, tag):
                forms.append(f"{sf.get_san(v, fen, m, c)} = {m}")
        out[tag] = (fen, sorted(forms, key=lambda s: s.count("O")))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-crosscheck", action="store_true")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()
    t0 = time.time()
    rng = random.Random(SEED)

    fs = FairyStockfish()
    positions = []  # (tag, fen, note, maxdepth, key for PUBLIC)
    arrays = crc_arrays()
    crc_starts = [crc_start_fen(a) for a in rng.sample(arrays, 40)]
    for tag in TAGS:
        v, c = FS_NAME[tag], CHESS960[tag]
        start = sf.get_fen(v, sf.start_fen(v), [], c)
        positions.append((tag, start, "start position" + (" (Fairy-Stockfish's caparandom start, Capablanca's array)"
                                                           if tag == "crc" else ""), 5, (tag, "start")))
        if tag == "crc":
            for fen in crc_starts[:3]:
                positions.append((tag, fen, "CRC start array " + fen.split("/")[7].split()[0], 5, None))
        if tag == "gothic":
            for key in PUBLIC:
                if key[0] == "gothic" and key[1] != "start":
                    positions.append((tag, sf.get_fen(v, key[1], [], c), "public perft position (variants.md)", 4, key))
        starts = [start] if tag != "crc" else crc_starts
        cands = random_games(fs, rng, tag, starts, games=150, min_plies=8, max_plies=90)
        for fen, note in pick(rng, tag, cands, QUOTA_MIDDLEGAME):
            positions.append((tag, fen, note, 4, None))
        if tag == "crc":
            cands = random_games(fs, rng, tag, crc_starts, games=300, min_plies=8, max_plies=40)
            for fen, note in pick(rng, tag, cands, QUOTA_CRC):
                positions.append((tag, fen, note, 4, None))
            for fen, note in CONSTRUCTED_CRC:
                assert material_reachable(fen), fen
                fen2, feats = pyffish_fen_and_features(tag, fen)
                assert fen2 == fen and "inner_rook" in feats, (fen, feats)
                positions.append((tag, fen, note, 4, None))
    keys = [(p[0], p[1]) for p in positions]
    assert len(set(keys)) == len(keys)
    for tag, fen, *_ in positions:
        v, c = FS_NAME[tag], CHESS960[tag]
        assert sf.validate_fen(fen, v, c) == sf.FEN_OK, fen
        assert sf.get_fen(v, fen, [], c) == fen, fen
    print(f"{len(positions)} positions picked at {time.time() - t0:.1f}s", file=sys.stderr)

    counts = {}
    binary_fens = {}
    for i, (tag, fen, note, maxdepth, _) in enumerate(positions):
        binary_fens[i] = engine_for(fs, tag).fen(fen)
        for d in range(1, maxdepth + 1):
            counts[(i, d)] = engine_for(fs, tag).perft(fen, d)
    fs.close()
    print(f"Fairy-Stockfish binary perft done at {time.time() - t0:.1f}s", file=sys.stderr)

    notes = []
    for i, (tag, fen, note, maxdepth, key) in enumerate(positions):
        if key in PUBLIC:
            for d, n in PUBLIC[key].items():
                if counts[(i, d)] != n:
                    msg = f"DISAGREES with variants.md: {tag} {fen} depth {d}: {counts[(i, d)]}, published {n}"
                    print(msg, file=sys.stderr)
                    notes.append(msg)
                else:
                    notes.append(f"agrees with variants.md: {tag} {note if key[1] == 'start' else fen} D{d} {n}")

    checked = 0
    if not args.no_crosscheck:
        jobs = [(i, d) for i, p in enumerate(positions) for d in range(1, 4)]
        jobs += [(i, 4) for i in d4_crosscheck(positions, counts)]
        jobs.sort(key=lambda j: (-j[1], j[0]))
        with multiprocessing.Pool(args.jobs) as pool:
            res = pool.map(pyffish_job, [(positions[i][0], positions[i][1], d) for i, d in jobs], chunksize=1)
        for (i, d), n in zip(jobs, res):
            if counts[(i, d)] != n:
                raise SystemExit(f"DISAGREEMENT {positions[i][0]} {positions[i][1]} depth {d}: "
                                 f"binary {counts[(i, d)]}, pyffish {n}")
        checked = len(jobs)
        print(f"pyffish cross-check done at {time.time() - t0:.1f}s: {checked} counts agree", file=sys.stderr)

    forms = castling_forms()
    fen_diffs = [(positions[i][0], positions[i][1], b) for i, b in binary_fens.items() if b != positions[i][1]]

    header = [
        "# 10x8 perft reference numbers for forsyth. Generated by tools/reference/perft_10x8.py; do not edit.",
        "# Format: <variant>;<FEN> ;D1 <n> ;D2 <n> ... (nodes at each depth); variant: capablanca, crc, gothic, janus,",
        "# embassy (crc is Fairy-Stockfish's `caparandom`).",
        f"# Counted by {fs.version} (Debian package fairy-stockfish): UCI_Variant <v>, UCI_Chess960 true for crc",
        "# and false otherwise, `position fen <fen>`, `go perft N`.",
    ]
    if checked:
        header += [
            f"# Cross-checked with pyffish {'.'.join(map(str, sf.version()))} (Fairy-Stockfish's Python binding, newer"
            " code):",
            f"# D1..D3 of every line and D4 of lines {', '.join(str(i + 1) for i in d4_crosscheck(positions, counts))}"
            f" ({checked} counts), recursively with pyffish.legal_moves; all agree.",
        ]
    else:
        header += ["# NOT cross-checked with pyffish (run without --no-crosscheck to do so)."]
    header += [
        "# Public numbers (shared/reference/variants.md) compared:",
    ] + [f"#   {n}" for n in notes] + [
        "# FEN text: exactly as pyffish.get_fen writes it. Castling field: capablanca, gothic, janus, embassy use",
        "# `KQkq` letters (pyffish with chess960 false); crc uses Shredder rook-file letters, White first, within a",
        "# colour the kingside rook first (e.g. `JAja`; pyffish writes these for caparandom in either mode). En-passant",
        "# square only when a pseudo-legal en-passant capture exists. `10` is ten empty squares; A archbishop (B+N),",
        "# C chancellor (R+N), J Janus piece (B+N, janus only).",
    ]
    if fen_diffs:
        header.append(f"# The Debian binary writes {len(fen_diffs)} of these FENs differently (its `d` command), e.g.:")
        for tag, a, b in fen_diffs[:5]:
            header.append(f"#   {tag}: pyffish {a} | binary {b}")
    else:
        header.append("# The Debian binary writes every one of these FENs identically (its `d` command).")
    header.append("# UCI castling move forms of pyffish (king and rooks alone on the back rank of the start array):")
    for tag in TAGS:
        fen, fs_forms = forms[tag]
        header.append(f"#   {tag} ({FS_NAME[tag]}, chess960 {CHESS960[tag]}): " + "; ".join(fs_forms) + f"  [{fen}]")
    header.append(f"# Positions (seeded random choices, seed {SEED}); numbers count positions only:")
    for i, (tag, fen, note, *_rest) in enumerate(positions):
        header.append(f"#   {i + 1:2d}: {tag}: {note}")

    with open(args.out, "w") as f:
        for line in header:
            f.write(line + "\n")
        for i, (tag, fen, *_rest) in enumerate(positions):
            ops = "".join(f" ;D{d} {counts[(i, d)]}" for d in range(1, 6) if (i, d) in counts)
            f.write(f"{tag};{fen}{ops}\n")
    print(f"wrote {args.out}: {len(positions)} positions in {time.time() - t0:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
