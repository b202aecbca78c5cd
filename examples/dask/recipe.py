"""PGN shards to Parquet tables on a Dask cluster, then a result computed with dask.dataframe.

Each worker turns one .pgn.zst shard into Parquet part files with the forsyth Python package
(`forsyth.pgn.to_arrow`, streamed batch by batch in bounded memory); dask.dataframe then reads every part and
computes White's score by Elo bucket and opening. The same code runs on a laptop (`LocalCluster`) and on a real
cluster (`Client("scheduler-address:8786")`, with the shards and the output on storage every worker sees).

    python examples/dask/recipe.py OUT shard1.pgn.zst shard2.pgn.zst ...
"""

import pathlib
import sys

import pyarrow.parquet as pq

import forsyth.pgn

# White's score for each result; unfinished games (`*`) count for nothing.
SCORES = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}


def export_shard(shard: str, out: str, batch_rows: int = 65536) -> dict:
    """Writes the games and moves tables of one shard as `OUT/games/<shard>.parquet` and
    `OUT/moves/<shard>.parquet` (zstd), each written under a temporary name and renamed when complete;
    returns the rows written."""
    name = pathlib.Path(shard).name.removesuffix(".zst").removesuffix(".pgn")
    rows = {}
    for table in ["games", "moves"]:
        folder = pathlib.Path(out) / table
        folder.mkdir(parents=True, exist_ok=True)
        final, temporary = folder / f"{name}.parquet", folder / f".{name}.parquet.tmp"
        reader = forsyth.pgn.to_arrow(shard, table=table, batch_rows=batch_rows)
        rows[table] = 0
        with pq.ParquetWriter(temporary, reader.schema, compression="zstd") as writer:
            for batch in reader:
                writer.write_batch(batch)
                rows[table] += batch.num_rows
        temporary.rename(final)
    return rows


def score_by_elo_and_opening(out: str, bucket: int = 200):
    """White's mean score and the number of games by Elo bucket (the players' mean Elo, rounded down to a
    multiple of `bucket`) and ECO code, over the games without errors and with a decided or drawn result. A
    dask.dataframe computation: lazy until `.compute()`."""
    import dask.dataframe as dd

    games = dd.read_parquet(f"{out}/games", columns=["result", "white_elo", "black_elo", "eco", "error_code"])
    games = games[games.error_code.isna() & games.result.isin(list(SCORES))]
    games = games.dropna(subset=["white_elo", "black_elo", "eco"])
    games = games.assign(
        score=games.result.map(SCORES, meta=("score", "f8")),
        elo_bucket=((games.white_elo + games.black_elo) // 2 // bucket * bucket).astype("int64"),
    )
    return games.groupby(["elo_bucket", "eco"]).score.agg(["mean", "count"])


def run(client, shards: list, out: str):
    """Exports every shard on the cluster's workers, then computes the score table there."""
    rows = client.gather(client.map(export_shard, shards, out=out))
    return rows, score_by_elo_and_opening(out).compute()


if __name__ == "__main__":
    from dask.distributed import Client, LocalCluster

    out, shards = sys.argv[1], sys.argv[2:]
    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        rows, scores = run(client, shards, out)
    print(rows)
    print(scores.sort_index().to_string())
