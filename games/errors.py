"""The service's errors.

Every error raised on purpose is an `engine.errors.GameError`.
It has a stable `code` (games.codes) and a sentence, `detail`.
Each service error class declares its HTTP status.
The engine knows nothing of HTTP.
Its errors get their statuses here, once, by kind (`ENGINE_STATUS`).
Services raise errors, and views never catch them.
The one exception handler (gtr_api.errors) answers with `status_of(error)`.
"""

from __future__ import annotations

from typing import ClassVar

import engine
from engine.errors import GameError

from . import codes


class ServiceError(GameError):
    """An error of the service.

    Each class declares `status` and the default `code`.
    A raise may name a more precise code from games.codes, with the same status.
    """

    status: ClassVar[int] = 400
    default_code: ClassVar[str] = codes.BAD_REQUEST

    def __init__(self, detail: str, code: str | None = None) -> None:
        super().__init__(code or self.default_code, detail)


class BadRequest(ServiceError):
    status = 400
    default_code = codes.BAD_REQUEST


class Refused(ServiceError):
    """A request that fits the schema, but is refused on its merits.

    Examples: a weak password, a clock whose cap is below its bank, a surrender to oneself.
    Status 400 is kept for requests that do not fit the schema at all.
    """

    status = 422
    default_code = codes.REFUSED


class NotAuthenticated(ServiceError):
    """Nobody asks: neither an account nor a seat token.

    The answer says how to authenticate.
    """

    status = 401
    default_code = codes.NOT_AUTHENTICATED


class Forbidden(ServiceError):
    status = 403
    default_code = codes.FORBIDDEN


class NotFound(ServiceError):
    status = 404
    default_code = codes.NOT_FOUND


class Conflict(ServiceError):
    status = 409
    default_code = codes.CONFLICT


class StaleSeq(Conflict):
    default_code = codes.STALE_SEQ


class UndoRefused(Conflict):
    """Nothing may be taken back now without consent: `reason` says why (games.read.undoable)."""

    default_code = codes.UNDO_NOT_ALLOWED

    def __init__(self, detail: str, *, reason: str) -> None:
        super().__init__(detail)
        self.extra = {"reason": reason}


class PayloadTooLarge(ServiceError):
    status = 413
    default_code = codes.TOO_LARGE


class Unavailable(ServiceError):
    """The database does not answer.

    The failure is transient, and worth trying again after a while.
    """

    status = 503
    default_code = codes.UNAVAILABLE
    retry_after = 5  # seconds


# The engine's errors by kind.
# A malformed action does not fit the schema (400).
# Some requests are refused on their merits (422).
# Those are a move the rules do not allow now, or a scenario or record that cannot be set up.
# The schema takes any JSON object for a scenario or record.
ENGINE_STATUS: dict[type[engine.EngineError], int] = {
    engine.MalformedAction: 400,
    engine.SetupError: 422,
    engine.IllegalAction: 422,
}


def status_of(error: GameError) -> int:
    """Returns the HTTP status of an error raised on purpose."""
    if isinstance(error, ServiceError):
        return error.status
    return next((s for kind, s in ENGINE_STATUS.items() if isinstance(error, kind)), 400)


class TooFast(ServiceError):
    """Too many writes of one kind in a short time (a chat flood). The answer says when to try
    again (`Retry-After`)."""

    status = 429
    default_code = codes.THROTTLED

    def __init__(self, detail: str, code: str | None = None, retry_after: int = 1) -> None:
        super().__init__(detail, code)
        self.retry_after = max(1, retry_after)
