"""The engine's exceptions. Each carries a stable machine-readable `code` and a sentence a player
understands; the service maps them to HTTP statuses without the engine knowing about HTTP."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class MalformedAction(EngineError):
    """The action cannot be parsed: wrong shape, unknown type, wrong field types."""


class IllegalAction(EngineError):
    """The action is well formed but may not be played now. The state is unchanged."""


class SetupError(EngineError):
    """A game cannot be set up as asked: a bad configuration or scenario description."""
