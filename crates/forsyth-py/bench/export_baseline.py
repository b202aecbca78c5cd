"""The baseline of `forsyth pgn export`: the same two tables (games and moves, the columns of docs/export.md that
python-chess gives without extra work) built with python-chess 1.11.2 and written to Parquet with pyarrow, as a
user would without forsyth. Used by export-bench.sh; its time is what the export is compared with.

    python crates/forsyth-py/bench/export_baseline.py FILE.pgn OUT_DIR
"""

import pathlib
import sys

import chess
import chess.pgn
import pyarrow as pa
import pyarrow.parquet as pq

BATCH = 8192
TAG_COLUMNS = {"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO",
               "Opening", "TimeControl", "Termination", "FEN", "SetUp"}


def elo(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def main(path, out):
    out = pathlib.Path(out)
    (out / "games").mkdir(parents=True, exist_ok=True)
    (out / "moves").mkdir(parents=True, exist_ok=True)
    games, moves = [], []
    writers = {}

    def flush(name, rows):
        if not rows:
            return
        batch = pa.RecordBatch.from_pylist(rows)
        if name not in writers:
            writers[name] = pq.ParquetWriter(out / name / "part-00000.parquet", batch.schema, compression="zstd")
        writers[name].write_batch(batch)
        rows.clear()

    number = 0
    with open(path, encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            number += 1
            game_id = f"{pathlib.Path(path).name}:{number}"
            h = game.headers
            board = game.board()
            start_fen = board.fen()
            uci, san = [], []
            for ply, node in enumerate(game.mainline(), 1):
                move = node.move
                before = board.copy(stack=False)
                text = board.san(move)
                capture = board.is_capture(move)
                piece = board.piece_at(move.from_square)
                board.push(move)
                clock, ev = node.clock(), node.eval()
                uci.append(before.uci(move, chess960=before.chess960))
                san.append(text)
                moves.append({
                    "game_id": game_id, "ply": ply, "san": text, "uci": uci[-1], "fen_before": None,
                    "is_check": board.is_check(), "is_capture": capture,
                    "piece": piece.symbol().upper() if piece else None,
                    "clock_seconds": clock,
                    "eval_cp": ev.white().score() if ev is not None else None,
                    "eval_mate": ev.white().mate() if ev is not None else None,
                    "nags": sorted(node.nags), "comment": None,
                })
            error = game.errors[0] if game.errors else None
            games.append({
                "game_id": game_id, "source": pathlib.Path(path).name, "game_number": number,
                "event": h.get("Event"), "site": h.get("Site"), "date": h.get("Date"), "round": h.get("Round"),
                "white": h.get("White"), "black": h.get("Black"), "result": h.get("Result"),
                "white_elo": elo(h.get("WhiteElo")), "black_elo": elo(h.get("BlackElo")), "eco": h.get("ECO"),
                "opening": h.get("Opening"), "time_control": h.get("TimeControl"),
                "termination": h.get("Termination"), "variant": h.get("Variant", "standard"),
                "start_fen": start_fen, "ply_count": len(uci), "moves_uci": " ".join(uci),
                "moves_san": " ".join(san), "final_fen": board.fen(),
                "error_message": str(error) if error else None,
                "tags": [(k, v) for k, v in h.items() if k not in TAG_COLUMNS],
            })
            if len(games) >= BATCH:
                flush("games", games)
            if len(moves) >= BATCH:
                flush("moves", moves)
    flush("games", games)
    flush("moves", moves)
    for writer in writers.values():
        writer.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
