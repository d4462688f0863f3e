"""`manage.py serve` (`make run`) tells the mails where the server really is."""

from __future__ import annotations

from typing import Any

from games.management.commands.serve import use_public_url


def test_mail_links_follow_the_port_served(monkeypatch: Any, settings: Any) -> None:
    monkeypatch.delenv("GTR_PUBLIC_URL", raising=False)
    use_public_url("0.0.0.0:8123")
    assert settings.GTR_PUBLIC_URL == "http://127.0.0.1:8123"


def test_an_explicit_public_url_wins(monkeypatch: Any, settings: Any) -> None:
    monkeypatch.setenv("GTR_PUBLIC_URL", "https://gtr.example.org")
    settings.GTR_PUBLIC_URL = "https://gtr.example.org"
    use_public_url("127.0.0.1:9000")
    assert settings.GTR_PUBLIC_URL == "https://gtr.example.org"
