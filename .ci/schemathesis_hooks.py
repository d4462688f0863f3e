"""schemathesis hooks for .ci/schemathesis (SCHEMATHESIS_HOOKS): the test data a fuzzer cannot
invent, given the way a real client would get it.

- Credentials: log in as the fuzz account for a token, and again whenever one answers 401 (the
  fuzzer may revoke its own token: `DELETE /api/auth/tokens/{key}/` is logging out).
- An unsubscribe token is signed by the server: positive cases get a genuine one (made by the
  script for the fuzz account's address), negative cases keep what was generated.
"""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

import schemathesis
from schemathesis import GenerationMode

URL = os.environ["GTR_FUZZ_URL"]


@schemathesis.auth()
class LogIn:
    def get(self, case: Any, context: Any) -> str:
        body = json.dumps({"username": "fuzz", "password": "fuzz-password-1"}).encode()
        request = urllib.request.Request(
            f"{URL}/api/auth/token/", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return str(json.load(response)["token"])

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


@schemathesis.hook
def map_case(context: Any, case: Any) -> Any:
    if (
        case.operation.definition.raw.get("operationId") == "notifications_unsubscribe"
        and case.meta is not None
        and case.meta.generation.mode == GenerationMode.POSITIVE
        and isinstance(case.body, dict)
    ):
        case.body = {**case.body, "token": os.environ["GTR_FUZZ_UNSUBSCRIBE"]}
    return case
