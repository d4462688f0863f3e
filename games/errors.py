"""The service's errors: every error raised on purpose is an `engine.errors.GameError`, with a
stable `code` (games.codes) and a sentence, `detail`. Each service error declares its HTTP status
with its class; the engine, which knows nothing of HTTP, gets its statuses here, once, by kind
(`ENGINE_STATUS`). Services raise them; views never catch
them; the one exception handler (gtr_api.errors) answers with `status_of(error)`."""

from __future__ import annotations

from typing import ClassVar

import engine
from engine.errors import GameError

from . import codes


class ServiceError(GameError):
    """An error of the service: `status` and the default `code` are declared by each class; a
    raise may name a more precise code (one of games.codes, with the same status)."""

    status: ClassVar[int] = 400
    default_code: ClassVar[str] = codes.BAD_REQUEST

    def __init__(self, detail: str, code: str | None = None) -> None:
        super().__init__(code or self.default_code, detail)


class BadRequest(ServiceError):
    status = 400
    default_code = codes.BAD_REQUEST


class Refused(ServiceError):
    """Well-formed (the request fits the schema) but refused on its merits: a weak password, a
    clock whose cap is below its bank, a surrender to oneself. 400 is kept for requests that do
    not fit the schema at all."""

    status = 422
    default_code = codes.REFUSED


class NotAuthenticated(ServiceError):
    """Nobody asks: neither an account nor a seat token (the answer says how to authenticate)."""

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


class PayloadTooLarge(ServiceError):
    status = 413
    default_code = codes.TOO_LARGE


class Unavailable(ServiceError):
    """The database does not answer: a transient failure, worth trying again after a while."""

    status = 503
    default_code = codes.UNAVAILABLE
    retry_after = 5  # seconds


# The engine's errors by kind: a malformed action does not fit the schema (400); a move the rules
# do not allow now, or a scenario or record that cannot be set up (the schema takes any JSON object
# there), is refused on its merits (422).
ENGINE_STATUS: dict[type[engine.EngineError], int] = {
    engine.MalformedAction: 400,
    engine.SetupError: 422,
    engine.IllegalAction: 422,
}


def status_of(error: GameError) -> int:
    """The HTTP status of an error raised on purpose."""
    if isinstance(error, ServiceError):
        return error.status
    return next((s for kind, s in ENGINE_STATUS.items() if isinstance(error, kind)), 400)
