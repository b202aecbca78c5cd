"""The Dask recipe on a LocalCluster of two worker processes (loopback only, stopped by the test): four .pgn.zst
shards cut from the corpus become Parquet tables, and the score by Elo bucket and opening that dask.dataframe
computes from them agrees with the same sums made by python-chess 1.11.2 (the reference) reading the shards."""

import collections
import io
import pathlib
import sys

import chess.pgn
import pytest
import zstandard

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import recipe  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "tcec-standard-sample.pgn.zst"
SHARDS, GAMES_PER_SHARD = 4, 40


def cut_shards(tmp: pathlib.Path) -> list:
    """The corpus's first games, cut into zstd-compressed shards as lichess-style monthly files are."""
    games, current = [], []
    with open(CORPUS, "rb") as raw, zstandard.ZstdDecompressor().stream_reader(raw) as stream:
        for line in io.TextIOWrapper(stream, encoding="utf-8"):
            if line.startswith("[Event ") and current:
                games.append("".join(current))
                current = []
                if len(games) == SHARDS * GAMES_PER_SHARD:
                    break
            current.append(line)
    shards = []
    for i in range(SHARDS):
        path = tmp / f"shard-{i}.pgn.zst"
        text = "".join(games[i * GAMES_PER_SHARD:(i + 1) * GAMES_PER_SHARD])
        path.write_bytes(zstandard.ZstdCompressor().compress(text.encode("utf-8")))
        shards.append(str(path))
    return shards


def reference(shards: list) -> dict:
    sums = collections.defaultdict(lambda: [0.0, 0])
    for shard in shards:
        with open(shard, "rb") as raw, zstandard.ZstdDecompressor().stream_reader(raw) as stream:
            text = io.TextIOWrapper(stream, encoding="utf-8")
            while (game := chess.pgn.read_game(text)) is not None:
                h = game.headers
                if game.errors or h.get("Result") not in recipe.SCORES or "ECO" not in h:
                    continue
                try:
                    white, black = int(h["WhiteElo"]), int(h["BlackElo"])
                except (KeyError, ValueError):
                    continue
                key = ((white + black) // 2 // 200 * 200, h["ECO"])
                sums[key][0] += recipe.SCORES[h["Result"]]
                sums[key][1] += 1
    return {key: (total / count, count) for key, (total, count) in sums.items()}


def test_the_recipe_on_two_worker_processes(tmp_path):
    from dask.distributed import Client, LocalCluster

    shards = cut_shards(tmp_path)
    out = tmp_path / "tables"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster, timeout=60) as client:
        rows, scores = recipe.run(client, shards, str(out))
    assert sum(r["games"] for r in rows) == SHARDS * GAMES_PER_SHARD
    assert sorted(p.name for p in (out / "games").iterdir()) == [f"shard-{i}.parquet" for i in range(SHARDS)]
    ours = {key: (row["mean"], row["count"]) for key, row in scores.iterrows()}
    expected = reference(shards)
    assert len(expected) > 10
    assert ours.keys() == expected.keys()
    for key, (mean, count) in expected.items():
        assert ours[key][1] == count and ours[key][0] == pytest.approx(mean), key
