"""What the API answers: the schema of the selectors' results and of every error.

What it takes is in games.api.inputs.

Names are unique across the API, so the OpenAPI components do not collide."""

from __future__ import annotations

from django.utils.functional import lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import engine
from engine.cards import MATERIALS, ROLES
from games import codebook
from games.models import Game, Move, Seat
from games.read import undoable

from .inputs import ActionField
from .schema import logged_action_schema

# Errors ------------------------------------------------------------------------------------------


class Error(serializers.Serializer):
    """Every error: a stable machine-readable code and a sentence for people."""

    # Lazy: the engine's codes are read only when the schema is generated.
    code = serializers.CharField(help_text=lazy(codebook.schema_description, str)())
    detail = serializers.CharField()
    # DRF's metaclass takes declared fields out of the class. So this shadows no attribute
    # (Serializer's `fields`), though the stubs cannot know it.
    fields = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="Per-field messages, for validation errors (code 'invalid')."
    )
    reason = serializers.ChoiceField(
        choices=undoable.REASONS,
        required=False,
        help_text="Why nothing may be taken back (code 'undo_not_allowed').",
    )


# Answers -----------------------------------------------------------------------------------------


class SeatPublic(serializers.Serializer):
    position = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    player = serializers.CharField(allow_null=True, help_text="Username of a registered player.")
    resigned = serializers.BooleanField()
    surrender_to = serializers.IntegerField(allow_null=True)
    bot = serializers.ChoiceField(
        choices=Seat.Bot.choices,
        allow_null=True,
        help_text="The bot playing this seat now (a bot seat, a resigned seat, or a bot standing "
        "in after timeouts); null while a person plays it.",
    )
    bot_standing_in = serializers.BooleanField(
        help_text="A bot plays this seat after its timeouts, until the player returns."
    )
    timeouts = serializers.IntegerField(help_text="Consecutive timeouts of this seat.")
    bank = serializers.FloatField(
        allow_null=True,
        help_text="Bank clock: seconds left (for the seat to act, as of now); else null.",
    )
    away_until = serializers.DateTimeField(
        allow_null=True,
        help_text="The player is on vacation until then: the seat's clock waits (null: not "
        "on vacation now).",
    )
    rating = serializers.IntegerField(
        allow_null=True,
        help_text="The player's or bot's rating in the game's family when it sat down, and "
        "again when the game began (docs/ratings.md); null for an open or invited seat.",
    )
    rating_change = serializers.IntegerField(
        allow_null=True, help_text="What the rated game's end changed it by, once rated."
    )


class ClockStopped(serializers.Serializer):
    """Why the clock of the decision under way does not run now, and until when."""

    why = serializers.ChoiceField(
        choices=["vacation", "pause", "playing_hours"],
        help_text="The player is on vacation, the game is paused, or it is outside the playing "
        "hours.",
    )
    until = serializers.DateTimeField(
        allow_null=True, help_text="When it runs again, at the earliest (null: until resumed)."
    )


class PlayingHoursView(serializers.Serializer):
    start = serializers.CharField(help_text="`HH:MM`")
    end = serializers.CharField(help_text="`HH:MM` (before `start`: across midnight)")
    zone = serializers.CharField(help_text="An IANA name, or `player`: each player's own zone.")


class PauseView(serializers.Serializer):
    since = serializers.DateTimeField()
    until = serializers.DateTimeField(allow_null=True, help_text="null: until someone resumes.")


class PauseProposalView(serializers.Serializer):
    seat = serializers.IntegerField(help_text="Who proposes.")
    until = serializers.DateTimeField(allow_null=True, help_text="null: until someone resumes.")
    accepted = serializers.ListField(
        child=serializers.IntegerField(), help_text="The seats that accepted, the proposer's first."
    )
    expires = serializers.DateTimeField(help_text="Unless every other person accepts by then.")


class ClockView(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Game.Clock.choices)
    seconds = serializers.IntegerField(required=False)
    increment = serializers.IntegerField(required=False)
    cap = serializers.IntegerField(required=False)
    running = serializers.BooleanField(
        help_text="The clock of a person's decision is running now (false without a clock, "
        "while the server moves, or while stopped)."
    )
    stopped = ClockStopped(
        allow_null=True, help_text="Time off: why the decision's clock waits now (else null)."
    )
    playing_hours = PlayingHoursView(
        allow_null=True, help_text="The daily window when clocks run (null: always)."
    )
    pause = PauseView(allow_null=True, help_text="The pause in effect (null: none).")
    pause_proposal = PauseProposalView(
        allow_null=True, help_text="The open proposal to pause (null: none)."
    )


class GameSummary(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    version = serializers.ChoiceField(choices=Game.Version.choices)
    rules_revision = serializers.IntegerField(
        help_text="The version's rules revision the game was created with and plays by to the end "
        "(docs/rules.md, Rules revisions)."
    )
    players = serializers.IntegerField()
    options = serializers.DictField()
    scenario = serializers.BooleanField(help_text="Set up from a scenario or an imported record.")
    rated = serializers.BooleanField(help_text="Rated or casual, chosen at its creation.")
    creator = serializers.CharField(allow_null=True)
    seq = serializers.IntegerField(help_text="Moves applied so far; send it with your move.")
    revision = serializers.IntegerField(help_text="Changes so far (moves, seats, resignations).")
    seats = SeatPublic(many=True)
    clock = ClockView(help_text="The time control.")
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When the pending decision times out (null: no deadline)."
    )
    to_act = serializers.IntegerField(
        allow_null=True, help_text="The seat whose decision is pending (null unless in play)."
    )
    my_seat = serializers.IntegerField(allow_null=True, help_text="null: you are a spectator.")
    your_turn = serializers.BooleanField(
        help_text="The pending decision is yours (not one the server plays for your seat)."
    )
    your_deadline = serializers.DateTimeField(
        allow_null=True, help_text="When your pending decision times out (null if not yours)."
    )
    last_event = serializers.IntegerField(
        help_text="The number of the game's latest event: stream its events after it."
    )
    server_delayed = serializers.BooleanField(
        help_text="The server's own move (a bot's, or a timeout's after the deadline) is late "
        "by more than the sweep interval: the server is catching up."
    )
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)


class CardRef(serializers.Serializer):
    """A card: its id in this game (ids reveal nothing about hidden cards), its name, and what it
    is, so a client needs no join with `/api/cards/`."""

    id = serializers.IntegerField()
    name = serializers.CharField(
        help_text="An order card's name, `Jack`, or `<Material> Site`, in the reader's language "
        "(docs/api.md, Languages: `Łaźnie`, `Senator` in Polish)."
    )
    kind = serializers.ChoiceField(choices=["order", "jack", "site"])
    material = serializers.ChoiceField(
        choices=MATERIALS, allow_null=True, help_text="null for a Jack."
    )
    role = serializers.ChoiceField(
        choices=ROLES, allow_null=True, help_text="An order card's role; null for Jacks and Sites."
    )
    value = serializers.IntegerField(
        allow_null=True, help_text="1 to 3 (a Site: the Influence it gives); null for a Jack."
    )


class BuildingView(serializers.Serializer):
    foundation = CardRef()
    site = serializers.ChoiceField(
        choices=MATERIALS, allow_null=True, help_text="The Site's material."
    )
    materials = CardRef(many=True)
    complete = serializers.BooleanField()
    public = serializers.BooleanField(
        help_text="Made public by an opponent's Stairway: its function is everyone's."
    )
    out_of_town = serializers.BooleanField(help_text="Laid on an out-of-town Site.")


class PlayerView(serializers.Serializer):
    seat = serializers.IntegerField()
    hand = CardRef(many=True, allow_null=True, help_text="Only your own hand; null for others.")
    hand_count = serializers.IntegerField()
    camp = CardRef(many=True)
    clientele = CardRef(many=True)
    stockpile = CardRef(many=True)
    vault_count = serializers.IntegerField()
    vault_visible = CardRef(
        many=True, help_text="Cards put in the vault this turn (all at the end)."
    )
    influence = serializers.IntegerField()
    buildings = BuildingView(many=True)
    hand_size = serializers.IntegerField()
    clientele_limit = serializers.IntegerField()
    vault_limit = serializers.IntegerField()


class SiteCounts(serializers.Serializer):
    in_town = serializers.IntegerField()
    out_of_town = serializers.IntegerField()


SitesView = type(
    "SitesView",
    (serializers.Serializer,),
    {
        "__doc__": "The Sites left, by material.",
        **{m: SiteCounts() for m in MATERIALS},
    },
)


class PromptView(serializers.Serializer):
    """The pending decision, public to all: whose, what kind, and the details its kind has."""

    seat = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=engine.PROMPT_KINDS)
    text = serializers.CharField(help_text="The decision in words.")
    role = serializers.ChoiceField(
        choices=ROLES, required=False, help_text="act, follow: the role led."
    )
    actions_left = serializers.IntegerField(
        required=False, help_text="act, think: the actions left in this decision."
    )
    demand = serializers.ListField(
        child=serializers.ChoiceField(choices=MATERIALS),
        required=False,
        help_text="claim, give: the materials a Legionary demands.",
    )
    to = serializers.IntegerField(required=False, help_text="give: the seat that demands.")
    optional = serializers.BooleanField(
        required=False, help_text="give: giving is optional (a Palisade or Wall protects you)."
    )
    revealed = CardRef(
        many=True,
        required=False,
        help_text="claim, give: the cards the Legionary revealed (with a Castra Praetoria, "
        "foundations too); bacchanalia: the cards turned up, still on top of the deck.",
    )
    building = serializers.IntegerField(
        required=False,
        help_text="complete, enlist, solarium, aerarium: the structure (its foundation's id).",
    )
    client = serializers.IntegerField(
        required=False, help_text="bath, triclinium: the client that acts or acted."
    )
    clients = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="triclinium: the clients of the role that act this turn (ids).",
    )
    uses = serializers.ListField(
        child=serializers.ChoiceField(
            choices=["stockpile", "clientele", "vault", "foundation", "material"]
        ),
        required=False,
        help_text="bacchanalia: the uses of the revealed cards taken so far (each once).",
    )
    ransom = serializers.BooleanField(
        required=False,
        help_text="steal: a Prison an Aerarium re-triggered; the thief pays Sites worth 3.",
    )
    most = serializers.IntegerField(
        required=False,
        help_text="triclinium: how many of the clients may go to the Vault (absent: one).",
    )
    drawn = serializers.IntegerField(
        required=False,
        help_text="foundry: the card the Foundry (2005) drew into the Stockpile.",
    )


class ScoreView(serializers.Serializer):
    seat = serializers.IntegerField()
    influence = serializers.IntegerField()
    vault = serializers.IntegerField(help_text="The value of the cards in the Vault.")
    merchant_bonuses = serializers.ListField(child=serializers.ChoiceField(choices=MATERIALS))
    buildings = serializers.IntegerField(help_text="Victory points from structures (Wall, Statue).")
    total = serializers.IntegerField()
    hand = serializers.IntegerField(help_text="Cards in hand: a tie goes to the most.")


class EndView(serializers.Serializer):
    reason = serializers.ChoiceField(choices=engine.END_REASONS)
    winners = serializers.ListField(child=serializers.IntegerField())
    scores = ScoreView(many=True)


class TableView(serializers.Serializer):
    """`engine.view` for your seat (or a spectator's): the only game state players receive."""

    version = serializers.ChoiceField(choices=Game.Version.choices)
    rules_revision = serializers.IntegerField(
        help_text="The version's rules revision the game plays by (docs/rules.md)."
    )
    training = serializers.BooleanField()
    geek = serializers.ListField(
        child=serializers.CharField(),
        help_text="The Geek expansion's cards in this game (empty: none; docs/rules.md).",
    )
    seat = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField()
    leader = serializers.IntegerField()
    role = serializers.ChoiceField(choices=ROLES, allow_null=True, help_text="The role led.")
    deck_count = serializers.IntegerField()
    jacks_count = serializers.IntegerField()
    pool = CardRef(many=True)
    sites = SitesView()
    to_act = serializers.IntegerField(allow_null=True)
    prompt = PromptView(allow_null=True)
    players = PlayerView(many=True)
    end = EndView(allow_null=True, help_text="Once over: the reason, winners and scores.")


class LegalAction(serializers.Serializer):
    """One legal move of your pending decision: post `action` back exactly as received, with the
    game's `seq`."""

    id = serializers.CharField(
        help_text="The move's code in this decision (`A1`, `A2`, ...: the code its turn mail "
        "shows); the same move has the same id for as long as the game stays at this `seq`."
    )
    # DRF's metaclass takes declared fields out of the class. This is not Field's `label`.
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="The move in words, as the mails and web client say."
    )
    petition = serializers.BooleanField(
        help_text="A lead or follow by petition: several cards of one role standing for one."
    )
    action = ActionField()


class UndoOffer(serializers.Serializer):
    """Moves back you may go: `to` (your last decision) down to `earliest`."""

    to = serializers.IntegerField(help_text="The seq whose table an undo restores by default.")
    earliest = serializers.IntegerField(help_text="The furthest back you may go this way.")


class TakebackRequestView(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="Who asks.")
    to = serializers.IntegerField(help_text="The seq whose table the takeback would restore.")
    expires = serializers.DateTimeField()
    answers = serializers.DictField(
        child=serializers.BooleanField(), help_text="The answers so far, by seat."
    )


class GameView(GameSummary):
    prompt = PromptView(allow_null=True)
    legal_actions = LegalAction(
        many=True, help_text="Your legal moves (empty unless the decision is yours)."
    )
    table = TableView(allow_null=True, help_text="null until the game starts.")
    undo = UndoOffer(
        allow_null=True,
        help_text="What you may take back now without asking (`POST .../undo/`); null: nothing.",
    )
    takeback = UndoOffer(
        allow_null=True,
        help_text="What you may take back only with the others' consent (`POST .../takeback/`).",
    )
    takeback_request = TakebackRequestView(
        allow_null=True, help_text="A takeback request waiting for answers (null: none)."
    )


@extend_schema_field(logged_action_schema())
class LoggedActionField(serializers.JSONField):
    pass


class MoveRecord(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True, help_text="null: a table event.")
    actor = serializers.ChoiceField(choices=Move.Actor.choices)
    action = LoggedActionField()
    mine = serializers.BooleanField()
    created = serializers.DateTimeField()


class MoveSubmitResult(serializers.Serializer):
    move = MoveRecord()
    game = GameView()


def paginated(item: type[serializers.Serializer], name: str) -> type[serializers.Serializer]:
    """The page envelope of a list endpoint: count, next, previous, results."""
    return type(
        name,
        (serializers.Serializer,),
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": item(many=True),
        },
    )


class RecordRuleset(serializers.Serializer):
    version = serializers.ChoiceField(choices=Game.Version.choices)
    rules_revision = serializers.IntegerField(
        help_text="The revision of the ruleset's rules the game plays by (docs/rules.md)."
    )
    options = serializers.DictField()


class RecordPlayer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)


class RecordAction(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True, help_text="null: a table event.")
    action = serializers.DictField(
        help_text="The action with card names for ids (`Name@place` where a name is ambiguous)."
    )


class GameRecord(serializers.Serializer):
    """A game by card names (docs/records.md): complete (the whole deal, replayable anywhere)
    once the game is over, else as the caller may see it."""

    format = serializers.ChoiceField(choices=["gtr-record/1"])
    ruleset = RecordRuleset()
    players = RecordPlayer(many=True)
    complete = serializers.BooleanField(
        help_text="The whole deal is here, so the record replays (import it with `record`)."
    )
    deal = serializers.DictField(
        help_text="Complete: a scenario with the whole deck in order (docs/scenarios.md); else "
        "the table as you saw it before the first move."
    )
    actions = RecordAction(many=True)
    result = EndView(allow_null=True, help_text="How the game ended (complete records).")


class DatasetRecord(GameRecord):
    """One line of the games database (`GET /api/games/export/`, docs/research.md): a finished
    game's complete record, its id and when it finished."""

    game = serializers.IntegerField(help_text="The game's id on this server.")
    finished = serializers.DateTimeField(help_text="When the game finished.")


class SeatTokenResult(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Seat <token>`; shown once.")
    seat = serializers.IntegerField()


GamePage = paginated(GameSummary, "GamePage")
MovePage = paginated(MoveRecord, "MovePage")


# Time off ---------------------------------------------------------------------------------------


class VacationView(serializers.Serializer):
    id = serializers.IntegerField()
    since = serializers.DateTimeField(help_text="From local midnight (or when it was taken).")
    until = serializers.DateTimeField(help_text="To local midnight after its last day.")
    days = serializers.IntegerField(help_text="The days it spends of the year's allowance.")
    automatic = serializers.BooleanField(
        help_text="Spent automatically: a deadline passed while you were away."
    )


class TimeOffView(serializers.Serializer):
    """Your time off: time zone, automatic vacation, this year's allowance, your vacations."""

    time_zone = serializers.CharField(help_text="Your IANA time zone (default UTC).")
    auto_vacation = serializers.BooleanField()
    year = serializers.IntegerField(help_text="This calendar year, in your time zone.")
    allowance = serializers.IntegerField(help_text="Vacation days of the year.")
    spent = serializers.IntegerField(help_text="Days spent this year (or planned).")
    left = serializers.IntegerField()
    away_until = serializers.DateTimeField(
        allow_null=True, help_text="On vacation now, until then (null: not on vacation)."
    )
    vacations = VacationView(
        many=True, help_text="This year's vacations and those to come, in order."
    )


# Standing orders (engine/orders.py, docs/api.md#standing-orders) --------------------------------


class StandingOrder(serializers.Serializer):
    id = serializers.IntegerField(help_text="Its number at your seat.")
    seq = serializers.IntegerField(help_text="The game's seq when it was written.")
    when = serializers.CharField()
    role = serializers.CharField(required=False)
    do = serializers.CharField()
    cards = serializers.ListField(child=serializers.IntegerField(), required=False)
    hand = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="With `cards`: your hand when it was written.",
    )
    take = serializers.CharField(required=False)
    unless = serializers.CharField(required=False)
    prefer = serializers.CharField(required=False)


class CancelledOrder(serializers.Serializer):
    order = StandingOrder()
    reason = serializers.ChoiceField(
        choices=list(engine.orders.CANCEL_REASONS),
        help_text="`card_gone`: a card it names left your hand; `new_card`: your hand gained one.",
    )
    seq = serializers.IntegerField(help_text="The game's seq when it was cancelled.")


class OrderKind(serializers.Serializer):
    do = serializers.ListField(child=serializers.CharField(), help_text="The actions it takes.")
    role = serializers.BooleanField(help_text="Whether an order of this kind may name a role.")


class SeatOrders(serializers.Serializer):
    """Your seat's standing orders: private, only your seat's player sees them."""

    orders = StandingOrder(many=True)
    cancelled = CancelledOrder(many=True, help_text="The latest orders cancelled.")
    kinds = serializers.DictField(
        child=OrderKind(), help_text="The decisions an order may answer, by prompt kind."
    )
