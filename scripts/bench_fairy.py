#!/usr/bin/env python3
"""Perft with fairy pieces on a flat 8x8 board: forsyth against Fairy-Stockfish with the same custom pieces.

forsyth runs `forsyth perft --piece ...` (release build, in-process counting); Fairy-Stockfish runs as a UCI
subprocess with a variants.ini of custom pieces in Betza (grasshopper gQ, nightrider NN, camel C, zebra Z),
`go perft N`, timed from the command to its node count. Node counts must be equal. Each side runs RUNS times (best
time kept), alternately, so that both see the same share of a busy machine.

Fairy-Stockfish must read `customPiece` (Debian's fairy-stockfish 11.1 does not): build it from source
(github.com/fairy-stockfish/Fairy-Stockfish, `cd src && make -j2 build ARCH=x86-64`) and pass the binary.

Usage: python3 scripts/bench_fairy.py --fsf PATH [--forsyth target/dist/forsyth] [--depth 4] [--runs 3]
"""

import argparse
import os
import re
import subprocess
import tempfile
import time

INI = """[forsythfairy:chess]
customPiece1 = g:gQ
customPiece2 = y:NN
customPiece3 = l:C
customPiece4 = z:Z
promotionPieceTypes = qrbngylz
"""
DECLARATIONS = ["G=grasshopper", "Y=nightrider", "L=camel", "Z=zebra"]
POSITIONS = [
    "rgylkzgr/pppppppp/8/8/8/8/PPPPPPPP/RGYLKZGR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/gy2pzp1/3PL3/1p2P3/2Y2Q1p/PPPGBPPP/R3K2R w KQkq - 0 1",
]


def forsyth_perft(binary, fen, depth):
    args = [binary, "perft", "--fen", fen, str(depth)]
    for d in DECLARATIONS:
        args[2:2] = ["--piece", d]
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1]), time.perf_counter() - start


def fsf_perft(binary, ini, fen, depth):
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(f"setoption name VariantPath value {ini}\nsetoption name UCI_Variant value forsythfairy\n"
                     f"position fen {fen}\nisready\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("readyok"):
            break
    start = time.perf_counter()
    proc.stdin.write(f"go perft {depth}\n")
    proc.stdin.flush()
    nodes = None
    for line in proc.stdout:
        m = re.match(r"Nodes searched: (\d+)", line)
        if m:
            nodes = int(m.group(1))
            break
    elapsed = time.perf_counter() - start
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    return nodes, elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fsf", required=True)
    parser.add_argument("--forsyth", default="target/dist/forsyth")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        f.write(INI)
        ini = f.name
    print("| position | depth | nodes | forsyth M nodes/s | Fairy-Stockfish M nodes/s | ratio |")
    print("|---|---|---|---|---|---|")
    for fen in POSITIONS:
        ours, theirs = [], []
        for _ in range(args.runs):
            ours.append(forsyth_perft(args.forsyth, fen, args.depth))
            theirs.append(fsf_perft(args.fsf, ini, fen, args.depth))
        nodes = ours[0][0]
        assert all(n == nodes for n, _ in ours + theirs), (fen, ours, theirs)
        a, b = min(t for _, t in ours), min(t for _, t in theirs)
        print(f"| `{fen}` | {args.depth} | {nodes:,} | {nodes / a / 1e6:.2f} | {nodes / b / 1e6:.2f} | {b / a:.2f}x |")
    os.unlink(ini)


if __name__ == "__main__":
    main()
