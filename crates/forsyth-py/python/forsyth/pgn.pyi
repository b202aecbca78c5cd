"""Type stubs of forsyth.pgn."""

import os

import pyarrow
from typing import IO, Iterator, Optional, Union

from . import Move, PgnError as PgnError, Position

Source = Union[str, os.PathLike[str], IO[bytes], IO[str]]

class Node:
    """A move of a game with what follows it."""

    move: Move
    san: str
    comments: list[str]
    nags: list[int]
    variations: list[list[Node]]
    clock: Optional[float]
    eval: Optional[float]
    mate: Optional[int]

class PgnWarning:
    """Something repaired or doubtful in a game that was read nonetheless; ``str()`` as ``forsyth pgn check`` prints it."""

    code: str
    line: int
    column: int
    game: int
    token: str
    reason: str
    message: str

class Game:
    """A game read from PGN."""

    @property
    def headers(self) -> dict[str, str]: ...
    @property
    def number(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def errors(self) -> list[PgnError]: ...
    @property
    def warnings(self) -> list[PgnWarning]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def comments(self) -> list[str]: ...
    def board(self) -> Position: ...
    def end(self) -> Position: ...
    def mainline_moves(self) -> list[Move]: ...
    def mainline(self) -> list[Node]: ...
    def __str__(self) -> str: ...

class GameIterator(Iterator[Game]):
    def __next__(self) -> Game: ...

class CheckReport:
    games: int
    moves: int
    errors: list[PgnError]
    warnings: list[PgnWarning]

def read_games(
    source: Source,
    jobs: int = 1,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    allow: Optional[str] = None,
) -> GameIterator: ...
def check(
    source: Source,
    jobs: int = 1,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    allow: Optional[str] = None,
) -> CheckReport: ...
def to_arrow(
    source: Source,
    table: str = "games",
    batch_rows: int = 65536,
    jobs: int = 1,
    encoding: Optional[str] = None,
    lang: Optional[str] = None,
    style: str = "san",
    san_lang: str = "en",
    fen: bool = False,
    comments: bool = False,
    allow: Optional[str] = None,
) -> "pyarrow.RecordBatchReader":
    """One table of a PGN input, ``"games"`` (a row per game) or ``"moves"`` (a row per main-line move), as a
    pyarrow RecordBatchReader through the Arrow C stream interface, in batches of ``batch_rows`` rows (fewer where
    they come to more than a mebibyte of text); columns in docs/export.md. A game with an
    error is a row with its error columns. ``style``/``san_lang`` choose how the SAN columns are written."""
