"""PGN as tables: `forsyth pgn export` to Parquet read by DuckDB, and `forsyth.pgn.to_arrow`, against python-chess
1.11.2 (the reference) on the bundled samples (examples/, tests/differential/data/pgn: other projects' test files)
and a slice of the corpus (../shared/corpus, lichess-style .pgn.zst files): game count, result counts, the moves of
every game both read without error; the moves table joined back to the games reproduces `moves_uci`."""

import collections
import io
import os
import pathlib
import subprocess

import chess
import chess.pgn
import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard

import forsyth.pgn
from conftest import ROOT

assert chess.__version__ == "1.11.2", "the reference is python-chess 1.11.2"

# The `forsyth` binary scripts/test-python.sh builds (debug unless told otherwise).
FORSYTH = os.environ.get("FORSYTH_BIN", str(ROOT / "target" / "debug" / "forsyth"))
CORPUS = ROOT.parent / "shared" / "corpus"
# Games of each corpus file in the slice.
SLICE_GAMES = 300


def sample_files(tmp: pathlib.Path) -> list[pathlib.Path]:
    files = sorted(ROOT.glob("examples/*.pgn"))
    for folder in ["python-chess", "pychess"]:
        files += sorted((ROOT / "tests/differential/data/pgn" / folder).glob("*.pgn"))
    # The head of each corpus file, decompressed (python-chess reads plain text).
    for corpus in sorted(CORPUS.glob("*.pgn.zst")):
        games, lines = 0, []
        with open(corpus, "rb") as raw, zstandard.ZstdDecompressor().stream_reader(raw) as stream:
            for line in io.TextIOWrapper(stream, encoding="utf-8", errors="replace"):
                if line.startswith("[Event "):
                    games += 1
                    if games > SLICE_GAMES:
                        break
                lines.append(line)
        sliced = tmp / corpus.name.removesuffix(".zst")
        sliced.write_text("".join(lines), encoding="utf-8")
        files.append(sliced)
    return files


def reference(path: pathlib.Path) -> list[tuple[str, list[str], bool, bool]]:
    """Every game of a file as python-chess reads it: its Result tag, main-line moves in UCI, whether it found an
    error, and whether a Variant tag names its variant."""
    games = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            try:
                board = game.board()
            except ValueError:  # a variant python-chess does not know either (sittuyin)
                games.append((game.headers.get("Result", "*"), [], True, True))
                continue
            moves = []
            for move in game.mainline_moves():
                moves.append(board.uci(move, chess960=board.chess960))
                board.push(move)
            # A variant python-chess reads with another board (pychess's atomic, crazyhouse... files) is not
            # chess: forsyth rejects it, python-chess reads it as that variant.
            other = game.headers.get("Variant", "standard").lower() not in ("standard", "chess960", "fischerandom",
                                                                           "chess 960", "fischer random")
            games.append((game.headers.get("Result", "*"), moves, bool(game.errors) or other, "Variant" in game.headers))
    return games


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("export")
    files = sample_files(tmp)
    out = tmp / "tables"
    subprocess.run([FORSYTH, "pgn", "export", "--to", str(out), *map(str, files)], check=True,
                   stdout=subprocess.DEVNULL)
    return files, out


def test_duckdb_reads_the_games_python_chess_reads(exported):
    files, out = exported
    con = duckdb.connect()
    compared_games = compared_moves = 0
    for path in files:
        expected = reference(path)
        rows = con.execute(
            "SELECT game_number, result, moves_uci, error_code, variant FROM read_parquet(?) WHERE source = ? "
            "ORDER BY game_number", [str(out / "games" / "*.parquet"), path.name]).fetchall()
        assert len(rows) == len(expected), path
        # A game of a variant forsyth does not play (antichess, atomic ...) stops at its Variant tag, before the
        # termination marker that python-chess takes as the result when the Result tag is missing.
        played = [(ours, theirs) for ours, theirs in zip(rows, expected) if ours[3] != "unknown-variant"]
        ours = collections.Counter(r[1] for r, _ in played)
        theirs = collections.Counter(r[0] for _, r in played)
        assert ours == theirs, path
        for (number, _, moves_uci, error, variant), (_, moves, their_error, named) in zip(rows, expected):
            # A FEN tag whose castling rights need X-FEN (`KQkq` with rooks off the corners) without a Variant tag
            # is Chess960 to forsyth (the X-FEN convention) but not to python-chess, which then drops the final
            # castling move silently: such games are not compared.
            if variant == "chess960" and not named:
                continue
            if error is None and not their_error:
                assert moves_uci.split() == moves, (path, number)
                compared_games += 1
                compared_moves += len(moves)
    assert compared_games > 600 and compared_moves > 40000, (compared_games, compared_moves)


def test_the_moves_table_joined_to_the_games_gives_moves_uci(exported):
    _, out = exported
    con = duckdb.connect()
    mismatched = con.execute(f"""
        WITH joined AS (
            SELECT game_id, string_agg(uci, ' ' ORDER BY ply) AS line, count(*) AS plies, max(ply) AS last
            FROM read_parquet('{out}/moves/*.parquet') GROUP BY game_id)
        SELECT g.game_id, g.moves_uci, j.line FROM read_parquet('{out}/games/*.parquet') g
        LEFT JOIN joined j USING (game_id)
        WHERE coalesce(j.line, '') <> g.moves_uci OR coalesce(j.plies, 0) <> g.ply_count
           OR coalesce(j.last, 0) <> g.ply_count""").fetchall()
    assert mismatched == []
    games, moves = con.execute(
        f"SELECT count(*), sum(ply_count) FROM read_parquet('{out}/games/*.parquet')").fetchone()
    assert games > 700 and moves == con.execute(
        f"SELECT count(*) FROM read_parquet('{out}/moves/*.parquet')").fetchone()[0]


def test_broken_games_are_rows_with_their_error(exported):
    _, out = exported
    con = duckdb.connect()
    broken = con.execute(f"""SELECT error_code, error_line, error_column, error_message
        FROM read_parquet('{out}/games/*.parquet') WHERE error_code IS NOT NULL""").fetchall()
    assert broken, "the samples hold broken games"
    for code, line, column, message in broken:
        assert line >= 1 and column >= 1 and f"[{code}]" in message and message.startswith(f"{line}:{column}:")


def test_to_arrow_gives_the_tables_the_command_writes(exported):
    files, out = exported
    written = {t: pq.read_table(out / t).sort_by([("game_id", "ascending")]) for t in ["games", "moves"]}
    for table in ["games", "moves"]:
        batches = []
        for path in files:
            reader = forsyth.pgn.to_arrow(str(path), table=table, batch_rows=500)
            assert isinstance(reader, pa.RecordBatchReader)
            batches += list(reader)
        ours = pa.Table.from_batches(batches, schema=reader.schema).sort_by([("game_id", "ascending")])
        expected = written[table]
        if table == "moves":
            ours = ours.sort_by([("game_id", "ascending"), ("ply", "ascending")])
            expected = expected.sort_by([("game_id", "ascending"), ("ply", "ascending")])
        assert ours.schema.names == expected.schema.names
        assert ours.num_rows == expected.num_rows
        for name in ours.schema.names:
            assert ours.column(name).to_pylist() == expected.column(name).to_pylist(), (table, name)


GAMES = """[Event "One"]
[White "Anna"]
[WhiteElo "2100"]
[BlackElo "?"]
[Result "1-0"]
[Opening "King's Pawn"]
[Annotator "me"]

1. e4 { [%clk 0:03:00] [%eval 0.3] good } 1... e5 $1 (1... c5 2. Nf3) 2. Nf3 { [%eval #-3] } Nc6 3. Bb5 a6
4. Bxc6 dxc6 5. O-O 1-0

[Event "Two"]

1. d4 d5 2. Kd3 Ke6 *
"""


def test_to_arrow_columns_from_tags_comments_and_errors(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text(GAMES, encoding="utf-8")
    games = forsyth.pgn.to_arrow(path).read_all().to_pylist()
    assert [g["game_id"] for g in games] == ["two.pgn:1", "two.pgn:2"]
    one, two = games
    assert (one["white"], one["white_elo"], one["black_elo"], one["result"]) == ("Anna", 2100, None, "1-0")
    assert one["opening"] == "King's Pawn" and dict(one["tags"]) == {"Annotator": "me"}
    assert one["moves_uci"] == "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1"
    assert one["error_code"] is None and one["ply_count"] == 9
    assert two["error_code"] == "illegal-move" and (two["error_line"], two["error_column"]) == (14, 13)
    assert two["moves_uci"] == "d2d4 d7d5" and two["ply_count"] == 2
    moves = forsyth.pgn.to_arrow(path, table="moves", fen=True, comments=True, style="san", san_lang="de")
    moves = moves.read_all().to_pylist()
    first, second, third = moves[:3]
    assert (first["san"], first["clock_seconds"], first["eval_cp"], first["comment"]) == ("e4", 180.0, 30,
                                                                                          "[%clk 0:03:00] [%eval 0.3] good")
    assert first["fen_before"] == chess.STARTING_FEN
    assert second["nags"] == [1] and third["eval_mate"] == -3 and third["san"] == "Sf3"
    capture = moves[6]
    assert capture["san"] == "Lxc6" and capture["is_capture"] and not capture["is_check"] and capture["piece"] == "B"
    assert moves[8]["uci"] == "e1g1" and moves[8]["piece"] == "K"


def test_to_arrow_streams_in_batches_of_the_size_asked(tmp_path):
    path = tmp_path / "many.pgn"
    path.write_text(GAMES * 50, encoding="utf-8")
    sizes = [batch.num_rows for batch in forsyth.pgn.to_arrow(path, batch_rows=7)]
    assert sum(sizes) == 100 and max(sizes) == 7
    # A reader dropped before its end stops the reading thread without harm.
    reader = forsyth.pgn.to_arrow(path, table="moves", batch_rows=3)
    next(iter(reader))
    del reader


def test_to_arrow_bad_arguments(tmp_path):
    with pytest.raises(ValueError, match="games or moves"):
        forsyth.pgn.to_arrow(ROOT / "examples" / "chess960-xfen-game.pgn", table="players")
    with pytest.raises(ValueError, match="batch_rows"):
        forsyth.pgn.to_arrow(ROOT / "examples" / "chess960-xfen-game.pgn", batch_rows=0)
    with pytest.raises(OSError):
        forsyth.pgn.to_arrow(tmp_path / "missing.pgn")


def test_the_moves_table_agrees_with_python_chess_move_by_move(tmp_path):
    """Every column of the moves table python-chess can compute (SAN, UCI, check, capture, moving piece, %clk,
    %eval) for the first 150 games of the TCEC corpus, whose every move carries a comment, and the start and final
    FEN of each game."""
    tcec = CORPUS / "tcec-standard-sample.pgn.zst"
    games, lines = 0, []
    with open(tcec, "rb") as raw, zstandard.ZstdDecompressor().stream_reader(raw) as stream:
        for line in io.TextIOWrapper(stream, encoding="utf-8"):
            games += line.startswith("[Event ")
            if games > 150:
                break
            lines.append(line)
    path = tmp_path / "tcec.pgn"
    path.write_text("".join(lines), encoding="utf-8")
    expected, fens = [], []
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            start = board.fen()
            for node in game.mainline():
                move = node.move
                piece = board.piece_at(move.from_square).symbol().upper()
                row = (board.san(move), board.uci(move), board.is_capture(move), piece, node.clock())
                evaluation = node.eval()
                board.push(move)
                white = evaluation.white() if evaluation is not None else None
                expected.append(row + (board.is_check(), white.score() if white else None,
                                       white.mate() if white else None))
            fens.append((start, board.fen()))
    moves = forsyth.pgn.to_arrow(path, table="moves").read_all().to_pylist()
    ours = [(m["san"], m["uci"], m["is_capture"], m["piece"], m["clock_seconds"], m["is_check"], m["eval_cp"],
             m["eval_mate"]) for m in moves]
    assert len(ours) == len(expected) > 10000
    assert [o[:6] for o in ours] == [e[:4] + (e[4], e[5]) for e in expected]
    assert [o[6:] for o in ours] == [e[6:] for e in expected]
    games = forsyth.pgn.to_arrow(path).read_all().to_pylist()
    assert [(g["start_fen"], g["final_fen"]) for g in games] == fens


def test_a_tag_given_twice_keeps_its_first_value_and_duckdb_reads_the_table(tmp_path):
    # cm-pgn's test file "stappenmethode weekly.pgn" has two Annotator tags; a Parquet map that repeats a key is
    # refused by DuckDB for the whole file.
    game = ('[Event "?"]\n[White "Schaak opheffen"]\n[White "twice"]\n[Annotator "S3"]\n[Annotator "app 037-1"]\n'
            '[Result "0-1"]\n[SetUp "1"]\n[FEN "r1b1Q1k1/1p2bpqp/8/8/p1Pr4/4PpN1/P6P/R4RK1 b - - 0 1"]\n\n'
            '1... Bf8 (1... Qf8? 2. Qxf8+ Bxf8 3. exd4) 2. exd4 Qxd4+ {%Q} 3. Kh1 Bh3 0-1\n')
    source = tmp_path / "twice.pgn"
    source.write_text(game + "\n" + game.replace("Annotator", "Source"), encoding="utf-8")
    out = tmp_path / "tables"
    for fmt in ["parquet", "ndjson"]:
        subprocess.run([FORSYTH, "pgn", "export", "--to", str(out / fmt), "--format", fmt, "--table", "games",
                        str(source)], check=True, stdout=subprocess.DEVNULL)
    rows = duckdb.connect().execute(f"""SELECT white, tags, tags['Annotator'], cardinality(tags)
        FROM read_parquet('{out}/parquet/games/*.parquet') ORDER BY game_number""").fetchall()
    assert rows == [("Schaak opheffen", {"Annotator": "S3"}, "S3", 1), ("Schaak opheffen", {"Source": "S3"}, None, 1)]
    # The same in NDJSON: one key per name (json keeps the last of repeated keys, which would be the second value).
    lines = (out / "ndjson" / "games" / "part-00000.ndjson").read_text(encoding="utf-8").splitlines()
    assert [line.count('"Annotator"') for line in lines] == [1, 0]
    assert '"tags":{"Annotator":"S3"}' in lines[0]
