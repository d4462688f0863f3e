"""The engine's exceptions. Each carries a stable machine-readable `code` and a sentence a player
understands (`detail`); the service maps them to HTTP statuses without the engine knowing about
HTTP."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error raised on purpose about a game, by the engine or by the service built
    on it: a stable machine-readable `code` and a sentence for people, `detail`."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.detail!r})"


class EngineError(GameError):
    """Base of every error the engine raises on purpose."""


class MalformedAction(EngineError):
    """The action cannot be parsed: wrong shape, unknown type, wrong field types."""


class IllegalAction(EngineError):
    """The action is well formed but may not be played now. The state is unchanged."""


class SetupError(EngineError):
    """A game cannot be set up as asked: a bad configuration or scenario description."""
