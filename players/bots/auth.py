"""The site's sessions are for people: a bot account's session is no session."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class PeopleSessionBackend(ModelBackend):
    """Django's backend, but a session restores no bot account (docs/bots.md): a bot logged in
    to the site before it became one is logged out by that. The bot's row comes in the same
    query as the account's, so a page costs no query more. Log-in with a password (the API's
    `/api/auth/token/`) still works for a bot; the site's log-in form refuses it."""

    def get_user(self, user_id: Any) -> Any:
        model = get_user_model()
        user = model._default_manager.select_related("bot").filter(pk=user_id).first()
        if user is None or hasattr(user, "bot") or not self.user_can_authenticate(user):
            return None
        return user
