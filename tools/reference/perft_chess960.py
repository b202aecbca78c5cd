#!/usr/bin/env python3
"""Chess960 perft reference data for forsyth, made with python-chess and checked with Fairy-Stockfish.

Writes crates/forsyth/tests/data/perft-chess960.epd (path relative to the repository root), one position a line:

    <Shredder-FEN> ;D1 <n> ;D2 <n> ;D3 <n> ;D4 <n>[ ;D5 <n>]

Lines starting with '#' are comments (only at the top of the file).

The positions, in file order:
  A. 20 start arrays: Scharnagl numbers 0, 518, 631, 959 and 16 more drawn (seeded) from
     shared/corpus/frc-openings.epd.zst.
  B. 25 positions drawn (seeded, stratified by castling field and en passant) from shared/corpus/3moves-frc.epd.zst.
  C. 15 positions reached by seeded random play from Chess960 starts, picked for features: inner-rook castling
     rights (a castling rook with another rook of its colour further out on the back rank), both rooks on one side
     of the king, legal castling where the king lands on or crosses its rook's square or where the king or the rook
     does not move, legal en passant, a single castling right left, rights whose castling is barred by attack or check.
  D. The X-FEN test vector (`rn2k1r1/... w Gkq - 4 11`, Shredder `Gga`) and two positions
     constructed by hand with inner rooks whose castling is legal.

Counting: python-chess (chess.Board(fen, chess960=True)), legal moves recursively, bulk count at the last ply.
Every count of every position is then recomputed by the Fairy-Stockfish binary (UCI_Chess960 true, `position fen`,
`go perft N`); the script fails if any differs. Skip that with --no-crosscheck.

Needs: pip install chess==1.11.2; apt-get install zstd fairy-stockfish (binary /usr/games/fairy-stockfish).
Run from the repository root:  python3 tools/reference/perft_chess960.py  [--jobs 2] [--no-crosscheck]
Deterministic: fixed seeds; the output does not depend on --jobs.
"""

import argparse
import multiprocessing
import os
import random
import subprocess
import sys
import time

import chess

from fairy_stockfish import FairyStockfish

SEED = 960_2026
CORPUS = "/work/shared/corpus"
OUT = "crates/forsyth/tests/data/perft-chess960.epd"


# ---------------------------------------------------------------------------------------------------------------
# perft


def perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in list(board.legal_moves):
        board.push(move)
        n += perft(board, depth - 1)
        board.pop()
    return n


def perft_job(args):
    fen, depth = args
    return perft(chess.Board(fen, chess960=True), depth)


# ---------------------------------------------------------------------------------------------------------------
# corpus


def read_zst_lines(name):
    out = subprocess.run(["zstd", "-dc", os.path.join(CORPUS, name)], check=True, capture_output=True, text=True)
    return [line.strip() for line in out.stdout.splitlines() if line.strip()]


def epd_to_board(line):
    fields = line.split()
    fen = " ".join(fields[:6]) if len(fields) >= 6 else " ".join(fields[:4]) + " 0 1"
    board = chess.Board(fen, chess960=True)
    assert board.is_valid(), line
    return board


# ---------------------------------------------------------------------------------------------------------------
# group A: start arrays


def start_arrays(rng):
    lines = read_zst_lines("frc-openings.epd.zst")
    assert len(lines) == 960
    by_number = {}
    for line in lines:
        board = epd_to_board(line)
        n = board.chess960_pos()
        assert n is not None and n not in by_number, line
        # the corpus and python-chess's Scharnagl numbering must agree
        assert board.board_fen() == chess.Board.from_chess960_pos(n).board_fen()
        by_number[n] = board
    assert chess.Board.from_chess960_pos(0).board_fen().endswith("BBQNNRKR")
    assert chess.Board.from_chess960_pos(518).board_fen().endswith("RNBQKBNR")
    assert chess.Board.from_chess960_pos(631).board_fen().endswith("RNBKQRNB")
    assert chess.Board.from_chess960_pos(959).board_fen().endswith("RKRNNQBB")
    fixed = [0, 518, 631, 959]
    others = rng.sample(sorted(set(range(960)) - set(fixed)), 16)
    return [(by_number[n], f"start array, Scharnagl {n}") for n in fixed + others]


# ---------------------------------------------------------------------------------------------------------------
# group B: 3moves-frc

# (castling field in the corpus, en passant field present?) -> how many
QUOTA_3MOVES = [
    (("KQkq", False), 4),
    (("KQkq", True), 2),
    (("KQq", False), 3),
    (("KQk", False), 2),
    (("Kkq", False), 1),
    (("Kkq", True), 1),
    (("Qkq", False), 2),
    (("kq", False), 2),
    (("KQ", False), 2),
    (("Qq", False), 1),
    (("Kk", False), 1),
    (("-", False), 1),
    (("Kq", False), 1),
    (("q", False), 1),
    (("k", False), 1),
]


def three_moves(rng):
    lines = read_zst_lines("3moves-frc.epd.zst")
    buckets = {}
    for line in lines:
        f = line.split()
        buckets.setdefault((f[2], f[3] != "-"), []).append(line)
    out = []
    for key, count in QUOTA_3MOVES:
        for line in rng.sample(buckets[key], count):
            out.append((epd_to_board(line), f"3moves-frc, corpus castling field {key[0]}"
                        + (", en passant square given" if key[1] else "")))
    assert len(out) == 25
    return out


# ---------------------------------------------------------------------------------------------------------------
# group C: random play, picked for features


def back_rank(color):
    return 0 if color == chess.WHITE else 7


def castling_details(board, move):
    """For a legal castling move: (king from, king to, rook from, rook to) as squares."""
    king_from = move.from_square
    rook_from = move.to_square  # python-chess in chess960 mode: king takes own rook
    rank = chess.square_rank(king_from)
    kingside = chess.square_file(rook_from) > chess.square_file(king_from)
    king_to = chess.square(6 if kingside else 2, rank)
    rook_to = chess.square(5 if kingside else 3, rank)
    return king_from, king_to, rook_from, rook_to


def features(board):
    feats = set()
    rights = bin(board.clean_castling_rights()).count("1")
    if rights == 1:
        feats.add("single_right")
    if rights == 0:
        return feats if not board.has_legal_en_passant() else feats | {"ep"}
    inner = set()
    for color in chess.COLORS:
        king = board.king(color)
        rank = back_rank(color)
        if king is None or chess.square_rank(king) != rank:
            continue
        rooks = [sq for sq in board.pieces(chess.ROOK, color) if chess.square_rank(sq) == rank]
        castlers = [sq for sq in rooks if board.clean_castling_rights() & chess.BB_SQUARES[sq]]
        for c in castlers:
            side = 1 if chess.square_file(c) > chess.square_file(king) else -1
            for r in rooks:
                if r == c:
                    continue
                if (chess.square_file(r) - chess.square_file(c)) * side > 0:
                    feats.add("inner_rook")
                    inner.add(c)
                if (chess.square_file(r) - chess.square_file(king)) * side > 0:
                    feats.add("rooks_same_side")
    legal_castles = [m for m in board.legal_moves if board.is_castling(m)]
    for m in legal_castles:
        kf, kt, rf, rt = castling_details(board, m)
        if rf in inner:
            feats.add("inner_rook_castling_legal")
        if kt == rf:
            feats.add("king_onto_rook_square")
        lo, hi = sorted((chess.square_file(kf), chess.square_file(kt)))
        if lo < chess.square_file(rf) < hi:
            feats.add("king_crosses_rook_square")
        if kf == kt:
            feats.add("king_stays")
        if rf == rt:
            feats.add("rook_stays")
    # a right whose path is clear but whose castling is not legal (attack on the king's path or check)
    turn = board.turn
    king = board.king(turn)
    for rook_sq in chess.scan_forward(board.clean_castling_rights() & board.occupied_co[turn]):
        if any(board.is_castling(m) and m.to_square == rook_sq for m in board.legal_moves):
            continue
        # path squares empty apart from king and rook?
        kingside = chess.square_file(rook_sq) > chess.square_file(king)
        rank = chess.square_rank(king)
        kt = chess.square(6 if kingside else 2, rank)
        rt = chess.square(5 if kingside else 3, rank)
        span = set()
        for a, b in ((king, kt), (rook_sq, rt)):
            lo, hi = sorted((chess.square_file(a), chess.square_file(b)))
            span |= {chess.square(f, rank) for f in range(lo, hi + 1)}
        if all(board.piece_at(s) is None or s in (king, rook_sq) for s in span):
            feats.add("castling_barred_by_attack")
    if board.is_check() and board.clean_castling_rights() & board.occupied_co[board.turn]:
        feats.add("check_with_rights")
    if board.has_legal_en_passant():
        feats.add("ep")
        if legal_castles:
            feats.add("ep_and_castling")
    return feats


# category -> how many positions to pick for it (picked in this order; one position may cover several)
QUOTA_RANDOM = [
    ("inner_rook", 3),
    ("rooks_same_side", 1),
    ("king_onto_rook_square", 2),
    ("king_crosses_rook_square", 1),
    ("king_stays", 1),
    ("rook_stays", 1),
    ("castling_barred_by_attack", 2),
    ("ep_and_castling", 1),
    ("single_right", 2),
    ("check_with_rights", 1),
]


def move_weight(board, move):
    """Guided random play: king moves other than castling are rare, so that rights last; rook moves are
    frequent (more so once the rook has no right of its own), and a rook move to its own back rank beyond a rook that keeps a castling right (which makes the
    inner-rook case) is much more frequent still."""
    piece = board.piece_type_at(move.from_square)
    if piece == chess.KING:
        return 1.0 if board.is_castling(move) else 0.15
    if piece != chess.ROOK:
        return 1.0
    color = board.turn
    rank = back_rank(color)
    king = board.king(color)
    if chess.square_rank(move.to_square) == rank and king is not None and chess.square_rank(king) == rank:
        kf = chess.square_file(king)
        tf = chess.square_file(move.to_square)
        for c in chess.scan_forward(board.clean_castling_rights() & board.occupied_co[color]):
            if c == move.from_square:
                continue
            cf = chess.square_file(c)
            if (cf - kf) * (tf - cf) > 0:
                return 40.0
    if not board.clean_castling_rights() & chess.BB_SQUARES[move.from_square]:
        return 10.0  # a rook that has lost its right wanders more
    return 4.0


def random_play(rng, games=6000, max_plies=40):
    candidates = []  # (fen, feats, game number)
    seen = set()
    for game in range(games):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        plies = rng.randrange(8, max_plies + 1)
        for ply in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            weights = [move_weight(board, m) for m in moves]
            board.push(rng.choices(moves, weights)[0])
            if ply >= 5 and not board.is_game_over():
                fen = board.shredder_fen()
                if fen in seen:
                    continue
                seen.add(fen)
                feats = features(board)
                if feats:
                    candidates.append((fen, feats, game))
    picked = []
    used_games = set()
    for cat, count in QUOTA_RANDOM:
        for _ in range(count):
            # one position per game; prefer positions covering several features, then draw among the best
            pool = [c for c in candidates if cat in c[1] and c[2] not in used_games]
            pool.sort(key=lambda c: -len(c[1]))
            fen, feats, game = rng.choice(pool[:8])
            used_games.add(game)
            picked.append((chess.Board(fen, chess960=True), "random play; " + ", ".join(sorted(feats))))
    assert len(picked) == 15, len(picked)
    return picked


# ---------------------------------------------------------------------------------------------------------------
# group D: constructed by hand (random play almost never leaves an inner rook whose castling is legal)

CONSTRUCTED = [
    ("r1r1k1rr/1pppp1pp/8/8/8/8/1PPPPPPP/RR2K1R1 w GBgc - 0 1",
     "constructed: inner rooks on both sides for Black (c, g) and queenside for White (B); all four castlings legal"
     " for the side to move; Black's O-O-O lands its king on its rook's square"),
    ("rr2k1r1/ppp1pppp/8/8/8/8/PPPP1PPP/1R2K1RR b Ggb - 0 1",
     "constructed: Black to move with an inner queenside rook (b), White with an inner kingside rook (G)"),
]


# ---------------------------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-crosscheck", action="store_true")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()
    t0 = time.time()

    rng = random.Random(SEED)
    positions = start_arrays(rng) + three_moves(rng) + random_play(rng)
    xfen = chess.Board("rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11", chess960=True)
    assert xfen.shredder_fen() == "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11"
    positions.append((xfen, "X-FEN test vector of X-FEN (inner rook, castling legal)"))
    for fen, note in CONSTRUCTED:
        board = chess.Board(fen, chess960=True)
        assert board.shredder_fen() == fen and board.is_valid()
        assert "inner_rook_castling_legal" in features(board)
        for color in chess.COLORS:  # pieces from the start array plus promotions of the missing pawns
            promoted = sum(max(0, len(board.pieces(t, color)) - n) for t, n in
                           ((chess.KNIGHT, 2), (chess.BISHOP, 2), (chess.ROOK, 2), (chess.QUEEN, 1)))
            assert len(board.pieces(chess.PAWN, color)) + promoted <= 8, fen
        positions.append((board, note))
    fens = [b.shredder_fen() for b, _ in positions]
    assert len(set(fens)) == len(fens)
    for fen in fens:
        assert chess.Board(fen, chess960=True).is_valid()
    print(f"{len(fens)} positions picked in {time.time() - t0:.1f}s", file=sys.stderr)

    counts = {}
    with multiprocessing.Pool(args.jobs) as pool:
        def run(jobs):
            # the long jobs first, so that the workers finish together
            jobs = sorted(jobs, key=lambda j: (-j[1], j[0]))
            for job, n in zip(jobs, pool.map(perft_job, [(fens[i], d) for i, d in jobs], chunksize=1)):
                counts[job] = n

        run([(i, d) for i in range(len(fens)) for d in range(1, 5)])
        # depth 5 for the four named start arrays, the next six start arrays, the group D positions, and the
        # group C positions with inner rooks or en passant whose depth 4 is below 1,000,000
        group_c = range(20 + 25, 20 + 25 + 15)
        d5 = set(range(10)) | set(range(len(fens) - 1 - len(CONSTRUCTED), len(fens)))
        d5 |= {i for i in group_c if counts[(i, 4)] < 1_000_000
               and ("inner_rook" in positions[i][1] or " ep" in positions[i][1])}
        run([(i, 5) for i in sorted(d5)])
    t_perft = time.time() - t0
    print(f"python-chess perft done at {t_perft:.1f}s", file=sys.stderr)

    fairy_version = None
    if not args.no_crosscheck:
        fs = FairyStockfish().configure("chess", chess960=True)
        fairy_version = fs.version
        for (i, d), n in sorted(counts.items()):
            m = fs.perft(fens[i], d)
            if m != n:
                raise SystemExit(f"DISAGREEMENT {fens[i]} depth {d}: python-chess {n}, Fairy-Stockfish {m}")
        fs.close()
        print(f"cross-check done at {time.time() - t0:.1f}s: all {len(counts)} counts agree", file=sys.stderr)

    header = [
        "# Chess960 perft reference numbers for forsyth. Generated by tools/reference/perft_chess960.py; do not edit.",
        "# Format: <FEN with Shredder castling letters> ;D1 <n> ;D2 <n> ... (nodes at each depth).",
        f"# Counted by python-chess {chess.__version__} (chess.Board(fen, chess960=True)): legal moves, recursively,",
        "# bulk-counted at the last ply. FENs are python-chess's board.shredder_fen(): castling rights as rook files",
        "# (White upper case first, within a colour kingside first), en-passant square only when a legal capture exists.",
    ]
    if fairy_version:
        header += [
            f"# Cross-checked: every count on every line was recomputed by {fairy_version} (Debian package",
            "# fairy-stockfish; UCI_Chess960 true, `position fen <fen>`, `go perft N`) and all agree.",
        ]
    else:
        header += ["# NOT cross-checked with Fairy-Stockfish (run without --no-crosscheck to do so)."]
    header += [
        f"# Positions, seeded random choices (seed {SEED}); line numbers count positions only:",
    ]
    for i, (_, note) in enumerate(positions):
        header.append(f"#   {i + 1:2d}: {note}")

    with open(args.out, "w") as f:
        for line in header:
            f.write(line + "\n")
        for i, fen in enumerate(fens):
            ops = "".join(f" ;D{d} {counts[(i, d)]}" for d in range(1, 6) if (i, d) in counts)
            f.write(f"{fen}{ops}\n")
    print(f"wrote {args.out}: {len(fens)} positions in {time.time() - t0:.1f}s", file=sys.stderr)


if __name__ == "__main__":
    main()
