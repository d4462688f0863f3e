"""The schema of events: a game's story and an account's feed (docs/events.md).

Each event is a JSON object with an envelope and a `type`. The type says which other fields it
has. These serializers only describe events. A game's events are built by games.events.story (from
engine.event_view). An account's are built by games.events.feeds."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

import engine
from games.models import Move

from .inputs import MAX_SEQ, JSONInput
from .outputs import (
    ClockStopped,
    GameView,
    LoggedActionField,
    ScoreView,
    StandingOrder,
    paginated,
)


class EventQuery(serializers.Serializer):
    after = serializers.IntegerField(
        min_value=0, max_value=MAX_SEQ, default=0, help_text="Only events numbered above this."
    )
    page = serializers.IntegerField(min_value=1, required=False)
    page_size = serializers.IntegerField(min_value=1, max_value=100, required=False)


class AccountEventQuery(EventQuery):
    view = serializers.BooleanField(
        default=False,
        help_text="Each `your_turn` carries `view`: your seat's view with its legal actions, "
        "rendered when the event is sent (null once the game moved past its `seq`).",
    )


class NamedCard(serializers.Serializer):
    """A card an event names: its id in this game and its name (`/api/cards/` tells the rest)."""

    id = serializers.IntegerField()
    name = serializers.CharField()


def game_event(name: str, doc: str, **fields: Any) -> type[serializers.Serializer]:
    """A game event type: the common envelope, then its own fields."""
    envelope = {
        "id": serializers.IntegerField(help_text="Its number in the game: 1, 2, 3... (SSE id)."),
        "game": serializers.IntegerField(),
        "seq": serializers.IntegerField(help_text="The game's seq once it happened."),
        "time": serializers.DateTimeField(),
        "type": serializers.CharField(),
    }
    return type(name, (serializers.Serializer,), {"__doc__": doc, **envelope, **fields})


def seat(help_text: str = "The seat it concerns.") -> serializers.IntegerField:
    return serializers.IntegerField(help_text=help_text)


GAME_EVENTS = {
    "action": game_event(
        "ActionEvent",
        "A move, as you may see it (a card filched from hand is null to others).",
        seat=seat("Who played it."),
        actor=serializers.ChoiceField(choices=Move.Actor.choices),
        action=LoggedActionField(),
        cards=NamedCard(many=True, help_text="The cards the action names."),
    ),
    "resolved": game_event(
        "ResolvedEvent",
        "A decision the server took for a seat with nothing to choose: a forced give, or a "
        "decision where skipping was all that was possible.",
        seat=seat(),
        decision=serializers.CharField(help_text="The kind of decision (give, act, claim...)."),
        role=serializers.CharField(required=False),
        action=LoggedActionField(),
        cards=NamedCard(many=True),
    ),
    "drew": game_event(
        "DrewEvent",
        "Cards drawn from the deck: named to the drawer (to a hand), to all (to a Clientele or "
        "a Stockpile), to no one (to a Vault); otherwise only counted.",
        seat=seat(),
        zone=serializers.ChoiceField(choices=engine.DRAW_ZONES),
        count=serializers.IntegerField(),
        cards=NamedCard(many=True, allow_null=True),
    ),
    "completed": game_event(
        "CompletedEvent", "A structure completed.", seat=seat(), building=NamedCard()
    ),
    "turn_end": game_event(
        "TurnEndEvent",
        "A turn ended; the next leader leads.",
        turn=serializers.IntegerField(help_text="The turn that ended."),
        leader=serializers.IntegerField(help_text="The next leader."),
    ),
    "game_over": game_event(
        "GameOverEvent",
        "The game ended.",
        reason=serializers.ChoiceField(choices=engine.END_REASONS),
        winners=serializers.ListField(child=serializers.IntegerField()),
        scores=ScoreView(many=True),
    ),
    "decision": game_event(
        "DecisionEvent",
        "A decision begins (whose turn it is).",
        seat=seat("Whose decision."),
        kind=serializers.ChoiceField(choices=engine.PROMPT_KINDS, help_text="The prompt's kind."),
        role=serializers.CharField(required=False),
        deadline=serializers.DateTimeField(allow_null=True),
        automatic=serializers.BooleanField(help_text="The server plays it (a bot)."),
        stopped=ClockStopped(
            required=False, help_text="Time off: its clock waits as it begins (absent: it runs)."
        ),
    ),
    "joined": game_event(
        "JoinedEvent", "A player took a seat.", seat=seat(), player=serializers.CharField()
    ),
    "left": game_event("LeftEvent", "A player gave up a seat before the start.", seat=seat()),
    "started": game_event("StartedEvent", "The game started."),
    "cancelled": game_event("CancelledEvent", "The game was cancelled."),
    "timeout": game_event(
        "TimeoutEvent",
        "A seat's time ran out: the server plays the safe move for it.",
        seat=seat(),
        timeouts=serializers.IntegerField(),
        bot_standing_in=serializers.BooleanField(),
    ),
    "resigned": game_event("ResignedEvent", "A player resigned.", seat=seat()),
    "returned": game_event("ReturnedEvent", "A player came back after timeouts.", seat=seat()),
    "stood_in": game_event(
        "StoodInEvent",
        "A bot stands in for a seat whose player may not play for now (an account suspended).",
        seat=seat(),
    ),
    "surrender": game_event(
        "SurrenderedEvent",
        "A player surrendered to a seat (`to`), or withdrew a surrender (null).",
        seat=seat(),
        to=serializers.IntegerField(allow_null=True),
    ),
    # Time off (docs/async.md, Time off).
    "clock": game_event(
        "ClockEvent",
        "The clock of the decision under way changed with time off (a pause, a vacation, a "
        "time zone): its new deadline, and why it waits if it does.",
        seat=seat("Whose decision."),
        deadline=serializers.DateTimeField(allow_null=True, help_text="null: until resumed."),
        running=serializers.BooleanField(),
        stopped=ClockStopped(allow_null=True),
    ),
    "pause_proposed": game_event(
        "PauseProposedEvent",
        "A player proposes to pause the game: every other person must accept before `expires`.",
        seat=seat("Who proposes."),
        until=serializers.DateTimeField(allow_null=True, help_text="null: until resumed."),
        expires=serializers.DateTimeField(),
    ),
    "pause_answered": game_event(
        "PauseAnsweredEvent",
        "A player accepted or declined the proposal to pause (declined: it ends).",
        seat=seat(),
        accepted=serializers.BooleanField(),
    ),
    "pause_expired": game_event(
        "PauseExpiredEvent",
        "The proposal to pause was not accepted in time: nothing changes.",
        seat=seat("Who had proposed it."),
    ),
    "paused": game_event(
        "PausedEvent",
        "Every person agreed: the game is paused, its clocks stopped.",
        seat=seat("Who had proposed it."),
        until=serializers.DateTimeField(allow_null=True, help_text="null: until resumed."),
    ),
    "resumed": game_event(
        "ResumedEvent",
        "The paused game runs again: a player resumed it, or the pause's end came.",
        seat=serializers.IntegerField(
            allow_null=True, help_text="Who resumed it; null when the pause's end came."
        ),
        automatic=serializers.BooleanField(help_text="true: the pause's end came."),
    ),
    "vacation": game_event(
        "VacationEvent",
        "A player's vacation (the clocks of their seats wait): taken, spent automatically (a "
        "deadline passed while away), or cancelled.",
        seat=seat(),
        since=serializers.DateTimeField(),
        until=serializers.DateTimeField(),
        change=serializers.ChoiceField(choices=["taken", "automatic", "cancelled"]),
    ),
    "undo": game_event(
        "UndoEvent",
        "A player took back decisions: the table is as it was after move `to` (seq).",
        seat=seat(),
        to=serializers.IntegerField(),
        actor=serializers.ChoiceField(choices=Move.Actor.choices),
    ),
    "takeback_requested": game_event(
        "TakebackRequestedEvent",
        "A player asks the others to let them take back decisions to move `to`.",
        seat=seat("Who asks."),
        to=serializers.IntegerField(),
        expires=serializers.DateTimeField(),
    ),
    "takeback_answered": game_event(
        "TakebackAnsweredEvent",
        "A player (or a bot) answered a takeback request.",
        seat=seat("Who answered."),
        accepted=serializers.BooleanField(),
    ),
    # Table chat (docs/chat.md): the text is plain text, never HTML.
    "chat": game_event(
        "ChatEvent",
        "A line said at the table. A players' line comes in full; a spectators' line is a bare "
        "notice (read it with GET /api/games/{game_id}/chat/?channel=spectators, as a "
        "spectator); a line staff hid later keeps only `hidden`.",
        message=serializers.IntegerField(help_text="The line's id in the chat."),
        channel=serializers.ChoiceField(choices=["players", "spectators"]),
        seat=serializers.IntegerField(required=False, help_text="The player who said it."),
        author_name=serializers.CharField(required=False, help_text="Who said it."),
        text=serializers.CharField(required=False, help_text="Plain text: show it as text."),
        mentions=serializers.ListField(child=serializers.IntegerField(), required=False),
        hidden=serializers.BooleanField(required=False),
    ),
    "chat_hidden": game_event(
        "ChatHiddenEvent",
        "Staff hid a line of the chat: take it off the page.",
        message=serializers.IntegerField(),
        channel=serializers.ChoiceField(choices=["players", "spectators"]),
    ),
}


def account_event(name: str, doc: str, **fields: Any) -> type[serializers.Serializer]:
    envelope = {
        "id": serializers.IntegerField(help_text="Its number in your feed (SSE id)."),
        "time": serializers.DateTimeField(),
        "type": serializers.CharField(),
        "game": serializers.IntegerField(),
    }
    return type(name, (serializers.Serializer,), {"__doc__": doc, **envelope, **fields})


ACCOUNT_EVENTS = {
    "your_turn": account_event(
        "YourTurnEvent",
        "A decision of yours begins.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(),
        kind=serializers.CharField(),
        role=serializers.CharField(required=False),
        deadline=serializers.DateTimeField(allow_null=True),
        stopped=ClockStopped(
            required=False, help_text="Time off: your clock waits as it begins (absent: it runs)."
        ),
        view=GameView(
            required=False,
            allow_null=True,
            help_text="With `?view=true`: your seat's view and legal actions, rendered when the "
            "event is sent; null when the game has moved past `seq` (on resuming).",
        ),
    ),
    "invited": account_event(
        "InvitedEvent",
        "A seat was reserved for your e-mail address.",
        seat=serializers.IntegerField(),
        by=serializers.CharField(),
    ),
    "game_started": account_event(
        "GameStartedEvent", "A game of yours started.", seq=serializers.IntegerField()
    ),
    "game_cancelled": account_event(
        "GameCancelledEvent", "A game of yours was cancelled.", seq=serializers.IntegerField()
    ),
    "game_finished": account_event(
        "GameFinishedEvent",
        "A game of yours ended.",
        seq=serializers.IntegerField(),
        reason=serializers.CharField(),
        winners=serializers.ListField(child=serializers.IntegerField()),
    ),
    "rating_changed": account_event(
        "RatingChangedEvent",
        "A rated game of yours was rated: your new rating in its family (docs/ratings.md).",
        family=serializers.CharField(help_text="`black_box` or `first_edition`."),
        rank=serializers.IntegerField(help_text="Your place: 1 the best; ties share one."),
        rating=serializers.IntegerField(help_text="Your rating now."),
        change=serializers.IntegerField(help_text="What the game changed it by."),
        games=serializers.IntegerField(help_text="Rated games you played in the family."),
        provisional=serializers.BooleanField(),
    ),
    "timed_out": account_event(
        "TimedOutEvent",
        "Your time ran out: the server played the safe move for you.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(),
        timeouts=serializers.IntegerField(),
        bot_standing_in=serializers.BooleanField(),
    ),
    "pause_proposed": account_event(
        "PauseProposedToYouEvent",
        "A player proposes to pause a game of yours: accept or decline before `expires`.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(help_text="Who proposes."),
        until=serializers.DateTimeField(allow_null=True, help_text="null: until resumed."),
        expires=serializers.DateTimeField(),
    ),
    "game_paused": account_event(
        "GamePausedEvent",
        "A game of yours is paused: its clocks stopped.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(help_text="Who had proposed it."),
        until=serializers.DateTimeField(allow_null=True, help_text="null: until resumed."),
    ),
    "game_resumed": account_event(
        "GameResumedEvent",
        "A game of yours was resumed: its clocks run again.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(
            allow_null=True, help_text="Who resumed it; null when the pause's end came."
        ),
        automatic=serializers.BooleanField(help_text="true: the pause's end came."),
    ),
    "vacation": account_event(
        "YourVacationEvent",
        "Your vacation was taken, spent automatically (a deadline passed while you were away: "
        "`game` says where), or cancelled; the clocks of all your games wait while it lasts.",
        game=serializers.IntegerField(
            required=False, help_text="The game whose deadline spent the day (automatic only)."
        ),
        vacation=serializers.IntegerField(help_text="Its id (`/api/time-off/vacations/{id}/`)."),
        change=serializers.ChoiceField(choices=["taken", "automatic", "cancelled"]),
        since=serializers.DateTimeField(),
        until=serializers.DateTimeField(),
        automatic=serializers.BooleanField(),
        days=serializers.IntegerField(help_text="The days it spends (after a cancellation)."),
        days_left=serializers.IntegerField(help_text="Left of its year's allowance."),
    ),
    "order_played": account_event(
        "OrderPlayedEvent",
        "One of your standing orders answered a decision of yours: the move `seq`.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(),
        order=StandingOrder(),
        action=LoggedActionField(),
    ),
    "order_cancelled": account_event(
        "OrderCancelledEvent",
        "One of your standing orders was cancelled: your seat learnt what it did not foresee.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(),
        order=StandingOrder(),
        reason=serializers.ChoiceField(choices=list(engine.orders.CANCEL_REASONS)),
    ),
    "takeback_asked": account_event(
        "TakebackRequestedAccountEvent",
        "Another player asks you to let them take back decisions: accept or decline.",
        seq=serializers.IntegerField(),
        seat=serializers.IntegerField(help_text="Who asks."),
        to=serializers.IntegerField(),
    ),
    "takeback_answer": account_event(
        "TakebackAnsweredAccountEvent",
        "A player answered your takeback request.",
        seat=serializers.IntegerField(help_text="Who answered."),
        accepted=serializers.BooleanField(),
    ),
    "chat_mention": account_event(
        "ChatMentionEvent",
        "A player named your seat in the table's chat (`@name` or `@2`). Plain text: show it "
        "as text, never as HTML.",
        seat=serializers.IntegerField(help_text="Your seat, named."),
        message=serializers.IntegerField(help_text="The line's id in the chat."),
        by=serializers.IntegerField(help_text="The seat of the player who said it."),
        author_name=serializers.CharField(help_text="Who said it."),
        text=serializers.CharField(),
    ),
}


# Challenges, seeks and rematches (issue 32, docs/community.md) ------------------------------------


def match_event(name: str, doc: str, **fields: Any) -> type[serializers.Serializer]:
    """An account event that may concern no game yet (`game` absent)."""
    game = serializers.IntegerField(required=False, help_text="The game it concerns, if any.")
    return account_event(name, doc, **{"game": game, **fields})


MATCH_EVENTS = {
    "challenged": match_event(
        "ChallengedEvent",
        "A player challenges you: accept or decline before `expires`.",
        challenge=serializers.IntegerField(help_text="Its id (`/api/challenges/{id}/`)."),
        by=serializers.CharField(help_text="The challenger's username."),
        version=serializers.CharField(),
        players=serializers.IntegerField(),
        expires=serializers.DateTimeField(),
    ),
    "challenge_closed": match_event(
        "ChallengeClosedEvent",
        "A challenge you sent or received was accepted (`game`: the new game), declined "
        "(`reason`), withdrawn, voided or expired.",
        challenge=serializers.IntegerField(),
        status=serializers.ChoiceField(
            choices=["accepted", "declined", "withdrawn", "expired", "void"]
        ),
        reason=serializers.CharField(allow_null=True),
    ),
    "seek_matched": match_event(
        "SeekMatchedEvent",
        "Your seek was seated at `game` (with `bots` bots).",
        seek=serializers.IntegerField(),
        bots=serializers.IntegerField(),
    ),
    "seek_expired": match_event(
        "SeekExpiredEvent", "Your seek found no partner in time.", seek=serializers.IntegerField()
    ),
    "rematch_offered": account_event(
        "RematchOfferedEvent",
        "A player offers a rematch of the finished `game`: accept or decline before `expires`.",
        seat=serializers.IntegerField(help_text="Who offers."),
        expires=serializers.DateTimeField(),
    ),
    "rematch_closed": account_event(
        "RematchClosedEvent",
        "The rematch offer of `game` was accepted by all (`next_game`), declined (`seat`: by "
        "whom) or expired.",
        status=serializers.ChoiceField(choices=["accepted", "declined", "expired"]),
        seat=serializers.IntegerField(required=False),
        next_game=serializers.IntegerField(required=False),
    ),
}
ACCOUNT_EVENTS.update(MATCH_EVENTS)


# Tournaments (issue 33, docs/tournaments.md): the tournaments app writes them to the feed.
def tournament_event(
    component: str, doc: str, named: bool = True, **fields: Any
) -> type[serializers.Serializer]:
    """An account event of a tournament: its id, and its `name` unless `named` is off (a field
    of that name cannot pass through the helpers' keyword arguments)."""
    tournament = serializers.IntegerField(help_text="Its id (`/api/tournaments/{id}/`).")
    base = match_event(component, doc, **{"tournament": tournament, **fields})
    if not named:
        return base
    name = serializers.CharField(help_text="The tournament's name.")
    return type(component, (base,), {"__doc__": doc, "name": name})


TOURNAMENT_EVENTS = {
    "tournament_round": tournament_event(
        "TournamentRoundEvent",
        "A round of a tournament you play began: your table's `game`, or `bye` (you sit out).",
        round=serializers.IntegerField(),
        bye=serializers.BooleanField(required=False),
    ),
    "tournament_left": tournament_event(
        "TournamentLeftEvent",
        "You withdrew (`withdrawn`) or were removed (`removed`; `reason`: `timeouts` or "
        "`suspended`): your games in play were resigned.",
        named=False,
        status=serializers.ChoiceField(choices=["withdrawn", "removed"]),
        reason=serializers.CharField(allow_null=True),
    ),
    "tournament_finished": tournament_event(
        "TournamentFinishedEvent",
        "A tournament you entered ended: your final `rank` and `points`.",
        rank=serializers.IntegerField(),
        points=serializers.FloatField(),
    ),
    "tournament_cancelled": tournament_event(
        "TournamentCancelledEvent",
        "A tournament you entered was cancelled: too few entrants at the start.",
    ),
}
ACCOUNT_EVENTS.update(TOURNAMENT_EVENTS)


def kind_field(kind: str) -> serializers.CharField:
    """An event's `type` field, which takes one value only.

    Then exactly one schema of a oneOf fits an event. A discriminator alone does not make the
    others fail to fit."""

    @extend_schema_field({"type": "string", "enum": [kind]})
    class Kind(serializers.CharField):
        pass

    return Kind()


def typed(
    types: dict[str, type[serializers.Serializer]],
) -> dict[str, type[serializers.Serializer]]:
    """Pins each event type's `type` field to its own name."""
    return {
        kind: type(cls.__name__, (cls,), {"__doc__": cls.__doc__, "type": kind_field(kind)})
        for kind, cls in types.items()
    }


def one_of(component: str, types: dict[str, type[serializers.Serializer]], many: bool) -> Any:
    """Events of several types, told apart by `type` (a discriminated oneOf)."""
    return PolymorphicProxySerializer(
        component_name=component,
        serializers={kind: cls() for kind, cls in typed(types).items()},
        resource_type_field_name="type",
        many=many,
    )


def page_of(name: str, component: str, types: dict[str, type[serializers.Serializer]]) -> Any:
    """A page of events, in the envelope of every list endpoint."""
    fields = {
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": one_of(component, types, many=True),
    }
    return type(name, (serializers.Serializer,), fields)


GameEventPage = page_of("GameEventPage", "GameEvent", GAME_EVENTS)
AccountEventPage = page_of("AccountEventPage", "AccountEvent", ACCOUNT_EVENTS)


# Webhooks ---------------------------------------------------------------------------------------


@extend_schema_field({"type": "string", "format": "uri", "maxLength": 500})
class WebhookUrlField(serializers.CharField):
    """A URL the service checks (games.live.webhook_post.check_url): one it cannot call, however
    well formed, is refused on its merits (422 `bad_webhook_url`), not as a malformed request."""


class WebhookInput(JSONInput):
    url = WebhookUrlField(max_length=500, help_text="An https URL on a public address.")
    game = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="Only this game's events (a game you play); default: all your games.",
    )


class WebhookUpdateInput(JSONInput):
    active = serializers.BooleanField(
        required=False,
        help_text="true switches a hook back on (its failure count starts again); absent: "
        "nothing changes.",
    )


class WebhookView(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    game = serializers.IntegerField(allow_null=True)
    active = serializers.BooleanField()
    failures = serializers.IntegerField(help_text="Failed attempts in a row.")
    last_error = serializers.CharField(help_text="The last failure's error ('' if none).")
    last_failure = serializers.DateTimeField(allow_null=True)
    last_success = serializers.DateTimeField(allow_null=True)
    disabled = serializers.DateTimeField(
        allow_null=True, help_text="When repeated failures switched it off."
    )
    created = serializers.DateTimeField()


class WebhookCreated(WebhookView):
    secret = serializers.CharField(
        help_text="The HMAC-SHA256 key of its signatures; shown only in this answer."
    )


class WebhookDeliveryView(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(help_text="The feed event's id.")
    type = serializers.CharField()
    status = serializers.CharField()
    attempts = serializers.IntegerField()
    next_attempt = serializers.DateTimeField()
    response_status = serializers.IntegerField(allow_null=True)
    last_error = serializers.CharField()
    created = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)


WebhookPage = paginated(WebhookView, "WebhookPage")
WebhookDeliveryPage = paginated(WebhookDeliveryView, "WebhookDeliveryPage")
