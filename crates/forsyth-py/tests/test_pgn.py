"""PGN reading through the Python API: plain objects, compressed paths, file objects, errors, bad input."""

import bz2
import gzip
import io
import os
import subprocess

import chess
import chess.pgn
import pytest

import forsyth
import forsyth.pgn
from conftest import ROOT, runs_beside

# The `forsyth` binary scripts/test-python.sh builds (debug unless told otherwise).
FORSYTH = os.environ.get("FORSYTH_BIN", str(ROOT / "target" / "debug" / "forsyth"))

GAMES = """[Event "One"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

1. e4 { [%clk 0:03:00] [%eval 0.3] } 1... e5 $1 (1... c5 2. Nf3) 2. Nf3 { [%eval #-3] } 1-0

[Event "Two"]

1. d4 d5 2. Kd3 Ke6 *

[Event "Three"]

1. c4 e5 *
"""


def write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_games_as_plain_objects(tmp_path):
    games = list(forsyth.pgn.read_games(write(tmp_path, "g.pgn", GAMES.encode())))
    assert [g.headers["Event"] for g in games] == ["One", "Two", "Three"]
    first = games[0]
    assert first.headers["White"] == "Anna" and first.result == "1-0"
    assert [m.uci() for m in first.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
    nodes = first.mainline()
    assert [n.san for n in nodes] == ["e4", "e5", "Nf3"]
    assert nodes[0].clock == 180.0 and nodes[0].eval == 0.3
    assert nodes[1].nags == [1]
    assert [[n.san for n in line] for line in nodes[1].variations] == [["c5", "Nf3"]]
    assert nodes[2].mate == -3
    assert first.end().fen().startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/")
    assert first.errors == []


def test_errors_have_line_column_and_keep_the_game_up_to_them(tmp_path):
    path = write(tmp_path, "g.pgn", GAMES.encode())
    second = list(forsyth.pgn.read_games(path))[1]
    [error] = second.errors
    assert isinstance(error, forsyth.PgnError)
    assert (error.code, error.line, error.column, error.game, error.ply) == ("illegal-move", 10, 13, 2, 3)
    assert str(error).startswith(f"{path}:10:13: game 2, ply 3 '2. Kd3':")
    assert [m.uci() for m in second.mainline_moves()] == ["d2d4", "d7d5"]
    report = forsyth.pgn.check(path)
    assert (report.games, report.moves, len(report.errors)) == (3, 9, 1)
    assert report.errors[0].line == 10


@pytest.mark.parametrize(
    "name, compress",
    [("g.pgn.gz", gzip.compress), ("g.pgn.bz2", bz2.compress), ("g.pgn", lambda b: b)],
)
def test_compressed_paths_read_like_plain_ones(tmp_path, name, compress):
    path = write(tmp_path, name, compress(GAMES.encode()))
    assert [g.headers["Event"] for g in forsyth.pgn.read_games(str(path))] == ["One", "Two", "Three"]
    assert forsyth.pgn.check(path).games == 3


def test_zstd_path(tmp_path):
    import zstandard  # installed by scripts/test-python.sh

    path = write(tmp_path, "g.pgn.zst", zstandard.ZstdCompressor().compress(GAMES.encode()))
    assert forsyth.pgn.check(path).games == 3


def test_file_objects_binary_and_text():
    assert len(list(forsyth.pgn.read_games(io.BytesIO(gzip.compress(GAMES.encode()))))) == 3
    assert len(list(forsyth.pgn.read_games(io.StringIO(GAMES * 3)))) == 9


def test_several_jobs_keep_file_order(tmp_path):
    numbered = "".join(f'[Round "{i}"]\n\n1. e4 e5 2. Nf3 *\n\n' for i in range(3000))
    path = write(tmp_path, "many.pgn", numbered.encode())
    rounds = [g.headers["Round"] for g in forsyth.pgn.read_games(path, jobs=2)]
    assert rounds == [str(i) for i in range(3000)]


def test_german_letters(german_game):
    [game] = forsyth.pgn.read_games(german_game, lang="de")
    assert game.errors == [] and len(game.mainline_moves()) == 21


def test_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError, match="no-such.pgn"):
        forsyth.pgn.read_games(tmp_path / "no-such.pgn")


def test_random_bytes_give_errors_and_the_rest_is_read(tmp_path):
    rng = __import__("random").Random(5)
    noise = bytes(rng.randrange(256) for _ in range(200_000))
    path = write(tmp_path, "noise.pgn", noise + b"\n\n" + GAMES.encode())
    games = list(forsyth.pgn.read_games(path))
    # As in the CLI: the noise reads as broken games (its last one may take in the game after it), and the
    # games after those are read.
    assert [g.headers.get("Event") for g in games[-2:]] == ["Two", "Three"]
    assert any(g.errors for g in games[:-2])
    assert all(isinstance(e, forsyth.PgnError) for g in games for e in g.errors)


def test_huge_comment_is_refused_and_the_next_game_read(tmp_path):
    huge = b'[Event "Huge"]\n\n1. e4 {' + b"x" * (40 << 20) + b"} e5 *\n\n" + GAMES.encode()
    path = write(tmp_path, "huge.pgn", huge)
    del huge
    games = list(forsyth.pgn.read_games(path))
    assert games[0].errors[0].code == "game-too-large"
    assert [g.headers["Event"] for g in games[1:]] == ["One", "Two", "Three"]
    os.remove(path)


def test_reading_releases_the_lock_on_python(tmp_path):
    # Games without errors: making error objects needs the lock, and would take a share of the time.
    path = write(tmp_path, "many.pgn", b'[Event "?"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n' * 300000)
    assert runs_beside(lambda: forsyth.pgn.check(path).games) == 300000


def test_an_abandoned_iterator_stops_reading(tmp_path):
    path = write(tmp_path, "many.pgn", (GAMES * 2000).encode())
    games = forsyth.pgn.read_games(path)
    assert next(games).headers["Event"] == "One"
    del games  # the reading thread ends when its channel closes


def test_allow_reads_a_fen_tag_that_breaks_the_rules_it_names(tmp_path):
    # cm-pgn's test position: thirty-one black pawns, seven of them on the eighth rank.
    game = ('[Event "Pawns"]\n[SetUp "1"]\n[FEN "ppppkppp/pppppppp/pppppppp/pppppppp/8/8/8/RNBQKBNR w KQ - 0 1"]\n\n'
            "1. Ke2 e4 *\n")
    path = write(tmp_path, "pawns.pgn", game.encode())
    [refused] = forsyth.pgn.read_games(path)
    assert [e.code for e in refused.errors] == ["bad-fen"]
    [read] = forsyth.pgn.read_games(path, allow="pawn-on-back-rank,too-many-pawns")
    assert read.errors == [] and [m.uci() for m in read.mainline_moves()] == ["e1e2", "e5e4"]
    assert read.end().fen() == "ppppkppp/pppppppp/pppppppp/pppp1ppp/4p3/8/4K3/RNBQ1BNR w - - 0 2"
    assert forsyth.pgn.check(path, allow="all").errors == []
    [row] = forsyth.pgn.to_arrow(str(path), allow="all").read_all().to_pylist()
    assert row["ply_count"] == 2 and row["error_code"] is None
    with pytest.raises(ValueError, match="too-many-rooks"):
        forsyth.pgn.check(path, allow="too-many-rooks")


def test_repairs_are_warnings_with_their_place_as_the_cli_prints_them(tmp_path):
    # A Result tag that disagrees with the marker, a result with an en dash, and a FEN tag's impossible castling
    # right: each game is read, and each repair is said, not made silently.
    text = ('[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 0-1\n\n'
            '[Event "b"]\n[Result "1-0"]\n\n1. d4 d5 1\u20130\n\n'
            '[Event "c"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"]\n\n1. O-O *\n')
    path = write(tmp_path, "repaired.pgn", text.encode())
    games = list(forsyth.pgn.read_games(path))
    assert [g.errors for g in games] == [[], [], []]
    assert [[w.code for w in g.warnings] for g in games] == [["result-mismatch"], ["result-form"], ["fen-repaired"]]
    mismatch = games[0].warnings[0]
    assert isinstance(mismatch, forsyth.pgn.PgnWarning)
    assert (mismatch.line, mismatch.column, mismatch.game, mismatch.token) == (4, 10, 1, "0-1")
    assert games[0].result == "1-0"
    # The same lines as `forsyth pgn check`, which prints the file name in front.
    cli = subprocess.run([FORSYTH, "pgn", "check", str(path)], capture_output=True, text=True)
    printed = [line for line in cli.stdout.splitlines() if ": warning: " in line]
    assert [str(w) for g in games for w in g.warnings] == printed
    report = forsyth.pgn.check(path)
    assert [str(w) for w in report.warnings] == printed and report.errors == []
    assert repr(report) == "CheckReport(games=3, moves=5, errors=0, warnings=3)"
    assert forsyth.pgn.check(path, jobs=2).warnings[2].code == "fen-repaired"
    # The games table says the same, game by game.
    table = forsyth.pgn.to_arrow(str(path)).read_all()
    assert table.column("warnings").to_pylist() == [["result-mismatch"], ["result-form"], ["fen-repaired"]]


def test_str_of_a_game_is_what_pgn_convert_writes(tmp_path):
    path = write(tmp_path, "g.pgn", GAMES.encode())
    games = list(forsyth.pgn.read_games(path))
    cli = subprocess.run([FORSYTH, "pgn", "convert", "--keep-broken", str(path)], capture_output=True, text=True)
    assert "".join(str(game) + "\n\n" for game in games) == cli.stdout
    # python-chess reads each back to the same main line (the broken game up to its error).
    for game in games:
        again = chess.pgn.read_game(io.StringIO(str(game)))
        assert [m.uci() for m in again.mainline_moves()] == [m.uci() for m in game.mainline_moves()]
        assert again.headers["Event"] == game.headers["Event"]
