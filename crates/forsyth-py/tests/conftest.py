"""Shared paths for the test suite."""

import pathlib
import threading
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

# The FIDE Laws of Chess, Appendix E sample game in German notation (the only place that names the file).
GERMAN_GAME = ROOT / "examples" / "fide-sample-game-de.pgn"


@pytest.fixture
def german_game() -> pathlib.Path:
    return GERMAN_GAME


def runs_beside(work):
    """Runs `work` on another thread while this one keeps running Python code, and returns its result. Rust code
    that kept the lock on Python would stop this thread for the whole call: the longest pause between two of its
    ticks must stay well under the call's length."""
    span = []

    def run():
        start = time.perf_counter()
        result = work()
        span.append((time.perf_counter() - start, result))

    thread = threading.Thread(target=run)
    ticks = [time.perf_counter()]
    thread.start()
    while thread.is_alive():
        ticks.append(time.perf_counter())
    thread.join()
    [(length, result)] = span
    longest_pause = max(b - a for a, b in zip(ticks, ticks[1:]))
    assert longest_pause < length / 2, (longest_pause, length)
    return result
