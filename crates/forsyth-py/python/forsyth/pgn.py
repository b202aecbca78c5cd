"""PGN games as plain objects: ``for game in forsyth.pgn.read_games("games.pgn.zst"): ...``."""

from ._forsyth import CheckReport, Game, GameIterator, Node, PgnError, PgnWarning, check, read_games, to_arrow

__all__ = ["CheckReport", "Game", "GameIterator", "Node", "PgnError", "PgnWarning", "check", "read_games", "to_arrow"]
