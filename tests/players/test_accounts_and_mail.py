"""Accounts and e-mail out."""

from __future__ import annotations

from django.core import mail

from games.models import Game, Seat
from games.services.tokens import mail_token, seat_for_token
from players.accounts import services
from players.mail import invitations


def test_invitation_mail_carries_the_capability_link(db, django_user_model) -> None:
    user = django_user_model.objects.create_user("ann", password="x")
    game = Game.objects.create(version="republic", players=2, creator=user)
    seat = Seat.objects.create(
        game=game, position=1, kind="invited", email="g@x.org", token_hash="h"
    )
    invitations.invitation_send(seat=seat)
    (message,) = mail.outbox
    assert message.to == ["g@x.org"]
    assert f"Authorization: Seat {mail_token(seat)}" in message.body
    assert seat_for_token(mail_token(seat)) == seat
    assert f"/api/games/{game.pk}/" in message.body


def test_signup_gives_a_token_and_each_login_another(db) -> None:
    user, token = services.user_signup(username="ann", password="a long passphrase")
    again, second = services.token_obtain(username="ann", password="a long passphrase")
    assert again == user and second != token
    assert len(services.tokens_of(user)) == 2
