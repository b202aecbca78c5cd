"""forsyth vs python-chess from Python, in the same run: reading and validating a PGN file, legal moves and SAN
along 1,000 games, and the import time. Prints each figure and the ratio.

    python crates/forsyth-py/bench/bench.py [PGN] [--games N] [--rounds R]

PGN defaults to the corpus of human opening games (../shared/corpus/openings-books.pgn.zst beside the repository);
its first N games (default 2,000) are unpacked into a temporary file that both read. Each contender runs R rounds in
turns (default 3), keeping its best time, so that the load of a shared machine touches both alike.
"""

import argparse
import io
import itertools
import pathlib
import subprocess
import sys
import tempfile
import time

import chess
import chess.pgn

import forsyth
import forsyth.chess
import forsyth.pgn

ROOT = pathlib.Path(__file__).resolve().parents[3]


def best_of(rounds, contenders):
    """The best time of each contender over `rounds` rounds taken in turns."""
    best = {name: float("inf") for name in contenders}
    results = {}
    for _ in range(rounds):
        for name, run in contenders.items():
            start = time.perf_counter()
            results[name] = run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best, results


def sample(path: pathlib.Path, games: int) -> str:
    """The first `games` games of `path` as PGN text (a .zst path decompressed), cut where the next game starts."""
    next_game = next((g for g in forsyth.pgn.read_games(path) if g.number == games + 1), None)
    if path.suffix == ".zst":
        import zstandard

        raw = zstandard.ZstdDecompressor().stream_reader(open(path, "rb"))
    else:
        raw = open(path, "rb")
    with io.TextIOWrapper(raw, encoding="utf-8") as text:
        return "".join(itertools.islice(text, next_game.line - 1 if next_game else None))


def pgn_reading(path: pathlib.Path, rounds: int):
    def python_chess():
        moves = 0
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                moves += sum(1 for _ in game.mainline_moves())
        return moves

    def forsyth_games():
        return sum(len(g.mainline_moves()) for g in forsyth.pgn.read_games(path))

    def forsyth_check():
        return forsyth.pgn.check(path).moves

    best, results = best_of(
        rounds, {"python-chess read_game": python_chess, "forsyth read_games": forsyth_games, "forsyth check": forsyth_check}
    )
    assert len(set(results.values())) == 1, results
    return best, results["forsyth check"]


def legal_moves_and_san(path: pathlib.Path, games: int, rounds: int):
    lines = [[m.uci() for m in g.mainline_moves()] for g, _ in zip(forsyth.pgn.read_games(path), range(games))]

    def python_chess_program(module):
        # The same program for python-chess and for forsyth.chess, python-chess's API over forsyth: a switch by
        # changing one import.
        def run():
            count = 0
            for line in lines:
                board = module.Board()
                for uci in line:
                    count += len([board.san(m) for m in board.legal_moves])
                    board.push_uci(uci)
            return count

        return run

    def forsyth_api():
        count = 0
        for line in lines:
            pos = forsyth.Position()
            for uci in line:
                count += len([pos.san(m) for m in pos.legal_moves])
                pos.push(uci)
        return count

    best, results = best_of(rounds, {"python-chess": python_chess_program(chess),
                                     "forsyth.chess": python_chess_program(forsyth.chess), "forsyth": forsyth_api})
    assert len(set(results.values())) == 1, results
    return best, sum(len(line) for line in lines)


def import_time(rounds: int = 20):
    """Import time of each module in a fresh interpreter, best of `rounds` (python -X importtime's own figure)."""
    best = {}
    for module in ["forsyth", "chess", "chess.pgn"]:
        times = []
        for _ in range(rounds):
            err = subprocess.run(
                [sys.executable, "-X", "importtime", "-c", f"import {module}"], capture_output=True, text=True
            ).stderr
            # The last line is the module itself: "import time: self | cumulative | name".
            times.append(int(err.strip().splitlines()[-1].split("|")[1]) / 1e6)
        best[module] = min(times)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pgn", nargs="?", default=ROOT.parent / "shared" / "corpus" / "openings-books.pgn.zst")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--san-games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    source = pathlib.Path(args.pgn)

    print(f"python {sys.version.split()[0]}, python-chess {chess.__version__}, forsyth package from {forsyth.__file__}")
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "sample.pgn"
        path.write_text(sample(source, args.games), encoding="utf-8")
        size = path.stat().st_size / 2**20
        print(f"\nPGN: first {args.games} games of {source.name} ({size:.1f} MiB), read and every move validated, one thread")
        best, moves = pgn_reading(path, args.rounds)
        reference = best["python-chess read_game"]
        for name, seconds in best.items():
            print(f"  {name:24} {seconds:8.3f} s  {args.games / seconds:10,.0f} games/s  {reference / seconds:6.1f}x")

        best, plies = legal_moves_and_san(path, args.san_games, args.rounds)
        print(f"\nLegal moves + SAN of each, at every position along {args.san_games} games ({plies} positions)")
        reference = best["python-chess"]
        for name, seconds in best.items():
            print(f"  {name:24} {seconds:8.3f} s  {plies / seconds:10,.0f} positions/s  {reference / seconds:6.1f}x")

    print("\nImport time (python -X importtime, cumulative, best of 20)")
    for module, seconds in import_time().items():
        print(f"  {module:24} {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
