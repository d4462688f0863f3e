"""The production settings with a fast password hash, for the servers the suite fuzzes and plays
against over HTTP (.ci/schemathesis): their thousands of sign-ups and logins spent a third of
the fuzz server's time in PBKDF2 (2026-11-27: 141 of 303 CPU seconds). As the in-process tests
do (tests/conftest.py); what is hashed, and how an account logs in, is the same."""

from gtr_api.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
