"""Accounts: sign up, log in for a token, who am I; session auth for the browsable API."""

from __future__ import annotations

from rest_framework.test import APIClient


def test_signup_login_me(db) -> None:
    c = APIClient()
    r = c.post("/api/auth/signup/", {"username": "dora", "password": "a long passphrase"}, "json")
    assert r.status_code == 201 and r.json()["username"] == "dora"
    token = r.json()["token"]
    r = c.post("/api/auth/token/", {"username": "dora", "password": "a long passphrase"}, "json")
    assert r.status_code == 200 and r.json()["token"] != token  # each log-in, a token of its own
    for t in (token, r.json()["token"]):
        c.credentials(HTTP_AUTHORIZATION=f"Token {t}")
        assert c.get("/api/auth/me/").json()["username"] == "dora"


def test_signup_errors(db) -> None:
    c = APIClient()
    c.post("/api/auth/signup/", {"username": "dora", "password": "a long passphrase"}, "json")
    r = c.post("/api/auth/signup/", {"username": "dora", "password": "a long passphrase"}, "json")
    assert r.status_code == 409 and r.json()["code"] == "username_taken"
    r = c.post("/api/auth/signup/", {"username": "eve", "password": "123"}, "json")
    assert r.status_code == 400 and r.json()["code"] == "invalid"  # the schema says 8 at least
    r = c.post("/api/auth/signup/", {"username": "eve", "password": "password1"}, "json")
    assert r.status_code == 422 and r.json()["code"] == "weak_password"  # fits, but too common
    r = c.post("/api/auth/signup/", {"username": "no spaces!", "password": "x" * 12}, "json")
    assert r.status_code == 400 and r.json()["code"] == "invalid"


def test_wrong_password(db) -> None:
    r = APIClient().post("/api/auth/token/", {"username": "x", "password": "y"}, "json")
    assert r.status_code == 401 and r.json()["code"] == "invalid_credentials"


def test_me_needs_auth(db) -> None:
    r = APIClient().get("/api/auth/me/")
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"


def test_session_auth_for_the_browsable_api(db, django_user_model) -> None:
    django_user_model.objects.create_user("frank", password="a long passphrase")
    c = APIClient(enforce_csrf_checks=True)
    assert c.login(username="frank", password="a long passphrase")
    assert c.get("/api/auth/me/").json()["username"] == "frank"
    r = c.get("/api/games/", HTTP_ACCEPT="text/html")
    assert r.status_code == 200 and b"<html" in r.content
    r = c.post("/api/games/", {"players": 2}, format="json")  # no CSRF token
    assert r.status_code == 403 and r.json()["code"] == "forbidden"


def test_docs_are_served(db) -> None:
    c = APIClient()
    for page in ("/api/docs/", "/api/redoc/"):
        r = c.get(page)
        assert r.status_code == 200
        assert b"/static/drf_spectacular_sidecar/" in r.content  # no CDN needed
    assert c.get("/api/schema/").status_code == 200


def test_an_expired_token_is_refused_and_the_expired_ones_are_swept(db, django_user_model) -> None:
    """A request checks only the token it sends (players.accounts.auth): an expired one is refused
    (and
    deleted); the account's other expired tokens go when it lists its tokens or gets one."""
    from datetime import timedelta

    from django.utils import timezone
    from knox.models import AuthToken

    from players.accounts.services import token_create

    user = django_user_model.objects.create_user("tim", password="pw-long-enough-123")
    live, old, older = (token_create(user=user) for _ in range(3))
    past = timezone.now() - timedelta(days=1)
    AuthToken.objects.filter(token_key__in=[old[:15], older[:15]]).update(expiry=past)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {old}")
    assert client.get("/api/auth/me/").status_code == 401
    assert AuthToken.objects.filter(user=user).count() == 2  # the token sent is gone
    client.credentials(HTTP_AUTHORIZATION=f"Token {live}")
    assert client.get("/api/auth/me/").status_code == 200
    assert AuthToken.objects.filter(user=user).count() == 2  # the other expired one stays...
    listed = client.get("/api/auth/tokens/").json()
    assert [t["key"] for t in listed] == [live[:15]]  # ...until the account lists its tokens
    assert AuthToken.objects.filter(user=user).count() == 1


def test_account_tokens_are_bearer_tokens_and_the_old_keyword_works(db) -> None:
    """`Authorization: Bearer <token>` is the documented scheme (what generated clients send);
    `Token <token>`, what clients sent before, works the same; keywords ignore case."""
    c = APIClient()
    r = c.post("/api/auth/signup/", {"username": "dora", "password": "a long passphrase"}, "json")
    token = r.json()["token"]
    for keyword in ("Bearer", "Token", "bearer", "TOKEN"):
        c.credentials(HTTP_AUTHORIZATION=f"{keyword} {token}")
        r = c.get("/api/auth/me/")
        assert r.status_code == 200 and r.json()["username"] == "dora", keyword
    for keyword in ("Bearer", "Token"):
        c.credentials(HTTP_AUTHORIZATION=f"{keyword} {token[:-1]}x")  # not the token
        r = c.get("/api/auth/me/")
        assert r.status_code == 401 and r.json()["code"] == "authentication_failed", keyword
    c.credentials(HTTP_AUTHORIZATION=f"Bearer {token} more")
    assert c.get("/api/auth/me/").json()["code"] == "authentication_failed"
    c.credentials(HTTP_AUTHORIZATION="Bearer")
    assert c.get("/api/auth/me/").json()["code"] == "authentication_failed"
    c.credentials(HTTP_AUTHORIZATION=f"Basic {token}")  # no scheme of ours: anonymous
    r = c.get("/api/auth/me/")
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"
    assert r["WWW-Authenticate"] == "Bearer"  # the 401 names the documented scheme


def test_public_operations_need_no_credentials(db) -> None:
    """The operations the schema marks `security: []` answer a caller with no credentials."""
    from players.mail.texts import unsubscribe_token

    c = APIClient()
    body = {"username": "dora", "password": "a long passphrase"}
    assert c.post("/api/auth/signup/", body, "json").status_code == 201
    assert c.post("/api/auth/token/", body, "json").status_code == 200
    assert c.get("/api/cards/").status_code == 200
    assert c.get("/api/health/?only=database").status_code == 200
    token = unsubscribe_token("dora@example.org")
    r = c.post("/api/notifications/unsubscribe/", {"token": token}, "json")
    assert r.status_code == 200, r.content
