"""Domain errors of the game service (Zulip's JsonableError): a stable `code`, a human `detail`,
and the HTTP status the one exception handler (gtr_api.errors) answers with. Services raise them;
views never catch them."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, detail: str, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code


class BadRequest(ServiceError):
    status = 400
    code = "bad_request"


class Refused(ServiceError):
    """Well-formed (the request fits the schema) but refused on its merits: a weak password, a
    clock whose cap is below its bank, a surrender to oneself. 400 is kept for requests that do
    not fit the schema at all."""

    status = 422
    code = "refused"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class Conflict(ServiceError):
    status = 409
    code = "conflict"


class StaleSeq(Conflict):
    code = "stale_seq"


class PayloadTooLarge(ServiceError):
    status = 413
    code = "too_large"
