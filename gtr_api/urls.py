from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.request import Request
from rest_framework.response import Response

import gtr_api.errors
from games.api import (  # issue 32: people at the table
    cards,
    challenges,
    chat,
    events,
    export,
    health,
    lobby,
    orders,
    people,
    play,
    ratings,
    rematch,
    replay,
    seeks,
    streams,
    timeoff,
    undo,
    webhooks,
)
from games.api.renderers import JSONRenderer
from gtr_api import security
from players.accounts import views as accounts
from players.bots import views as bots
from players.mail import views as mail
from players.mail import webhooks as mail_webhooks
from players.profiles import views as profiles
from players.push import views as push
from tournaments.api import views as tournaments


class SchemaView(SpectacularAPIView):
    """The schema, in YAML or JSON as asked; its errors in JSON, as every error is."""

    def finalize_response(
        self, request: Request, response: Response, *args: object, **kwargs: object
    ) -> Response:
        if response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()  # DRF renders with the request's choice.
            request.accepted_media_type = "application/json"
        return super().finalize_response(request, response, *args, **kwargs)


handler400 = "gtr_api.errors.handler400"
handler403 = "gtr_api.errors.handler403"
handler404 = "gtr_api.errors.handler404"
handler500 = "gtr_api.errors.handler500"

game_urls = [
    path("", lobby.GameListCreateView.as_view(), name="game-list"),
    path("export/", export.GameExportView.as_view(), name="game-export"),  # no clash: <int:...>
    path("<int:game_id>/", play.GameDetailView.as_view(), name="game-detail"),
    path("<int:game_id>/join/", lobby.SeatJoinView.as_view(), name="game-join"),
    path("<int:game_id>/leave/", lobby.SeatLeaveView.as_view(), name="game-leave"),
    path("<int:game_id>/start/", lobby.GameStartView.as_view(), name="game-start"),
    path("<int:game_id>/moves/", play.MoveListCreateView.as_view(), name="game-moves"),
    path(
        "<int:game_id>/wait/",
        streams.documented_as(play.GameWaitView, streams.game_wait),
        name="game-wait",
    ),
    path(
        "<int:game_id>/events/",
        streams.documented_as(events.GameEventListView, streams.game_events),
        name="game-events",
    ),
    path("<int:game_id>/resign/", play.GameResignView.as_view(), name="game-resign"),
    path("<int:game_id>/return/", play.SeatReturnView.as_view(), name="game-return"),
    path("<int:game_id>/surrender/", play.GameSurrenderView.as_view(), name="game-surrender"),
    path("<int:game_id>/seat-token/", play.SeatTokenView.as_view(), name="game-seat-token"),
    path("<int:game_id>/record/", play.GameRecordView.as_view(), name="game-record"),
    path("<int:game_id>/pause/", timeoff.PauseProposeView.as_view(), name="game-pause"),
    path(
        "<int:game_id>/pause/accept/", timeoff.PauseAcceptView.as_view(), name="game-pause-accept"
    ),
    path(
        "<int:game_id>/pause/decline/",
        timeoff.PauseDeclineView.as_view(),
        name="game-pause-decline",
    ),
    path("<int:game_id>/resume/", timeoff.ResumeView.as_view(), name="game-resume"),
    path("<int:game_id>/orders/", orders.SeatOrdersView.as_view(), name="game-orders"),
    path("<int:game_id>/undo/", undo.UndoView.as_view(), name="game-undo"),
    path("<int:game_id>/takeback/", undo.TakebackView.as_view(), name="game-takeback"),
    path(
        "<int:game_id>/takeback/accept/",
        undo.TakebackAcceptView.as_view(),
        name="game-takeback-accept",
    ),
    path(
        "<int:game_id>/takeback/decline/",
        undo.TakebackDeclineView.as_view(),
        name="game-takeback-decline",
    ),
    path("<int:game_id>/replay/", replay.GameReplayView.as_view(), name="game-replay"),
    # Table chat and private notes (issue 32).
    path("<int:game_id>/chat/", chat.ChatView.as_view(), name="game-chat"),
    path("<int:game_id>/chat/read/", chat.ChatReadView.as_view(), name="game-chat-read"),
    path("<int:game_id>/chat/mute/", chat.ChatMuteView.as_view(), name="game-chat-mute"),
    path(
        "<int:game_id>/chat/<int:message_id>/hide/",
        chat.ChatHideView.as_view(),
        name="game-chat-hide",
    ),
    path("<int:game_id>/note/", chat.SeatNoteDetailView.as_view(), name="game-note"),
    # Rematch (issue 32).
    path("<int:game_id>/rematch/", rematch.RematchOfferView.as_view(), name="game-rematch"),
    path(
        "<int:game_id>/rematch/accept/",
        rematch.RematchAcceptView.as_view(),
        name="game-rematch-accept",
    ),
    path(
        "<int:game_id>/rematch/decline/",
        rematch.RematchDeclineView.as_view(),
        name="game-rematch-decline",
    ),
]

# Challenges and seeks (issue 32).
challenge_urls = [
    path("", challenges.ChallengeListCreateView.as_view(), name="challenges"),
    path("<int:challenge_id>/", challenges.ChallengeDetailView.as_view(), name="challenge"),
    path(
        "<int:challenge_id>/accept/",
        challenges.ChallengeAcceptView.as_view(),
        name="challenge-accept",
    ),
    path(
        "<int:challenge_id>/decline/",
        challenges.ChallengeDeclineView.as_view(),
        name="challenge-decline",
    ),
    path(
        "<int:challenge_id>/withdraw/",
        challenges.ChallengeWithdrawView.as_view(),
        name="challenge-withdraw",
    ),
]
rating_urls = [
    path("<str:family>/", ratings.LeaderboardView.as_view(), name="leaderboard"),
    path(
        "<str:family>/history/<str:username>/",
        ratings.RatingHistoryView.as_view(),
        name="rating-history",
    ),
]
seek_urls = [
    path("", seeks.SeekListCreateView.as_view(), name="seeks"),
    path("<int:seek_id>/", seeks.SeekDetailView.as_view(), name="seek"),
    path("<int:seek_id>/join/", seeks.SeekJoinView.as_view(), name="seek-join"),
    path("<int:seek_id>/cancel/", seeks.SeekCancelView.as_view(), name="seek-cancel"),
]

# Tournaments (issue 33, docs/tournaments.md).
tournament_urls = [
    path("", tournaments.TournamentListCreateView.as_view(), name="tournaments"),
    path("<int:tournament_id>/", tournaments.TournamentDetailView.as_view(), name="tournament"),
    path(
        "<int:tournament_id>/join/",
        tournaments.TournamentJoinView.as_view(),
        name="tournament-join",
    ),
    path(
        "<int:tournament_id>/withdraw/",
        tournaments.TournamentWithdrawView.as_view(),
        name="tournament-withdraw",
    ),
]

time_off_urls = [
    path("", timeoff.TimeOffDetailView.as_view(), name="time-off"),
    path("vacations/", timeoff.VacationListView.as_view(), name="vacations"),
    path("vacations/<int:vacation_id>/", timeoff.VacationDetailView.as_view(), name="vacation"),
]

notification_urls = [
    path("", mail.NotificationPreferencesView.as_view(), name="notifications"),
    path("push/", push.PushSubscriptionView.as_view(), name="notifications-push"),
    path(
        "unsubscribe/",
        mail.UnsubscribeView.as_view(),
        name="notifications-unsubscribe",
    ),
]

webhook_urls = [
    path("", webhooks.WebhookListCreateView.as_view(), name="webhooks"),
    path("<int:hook_id>/", webhooks.WebhookDetailView.as_view(), name="webhook"),
    path(
        "<int:hook_id>/deliveries/",
        webhooks.WebhookDeliveryListView.as_view(),
        name="webhook-deliveries",
    ),
]

# People (docs/api.md, People): profiles, the block list, reports.
people_urls = [
    path("players/<str:username>/", profiles.ProfileView.as_view(), name="player-profile"),
    path("blocks/", people.BlockListView.as_view(), name="blocks"),
    path("blocks/<str:username>/", people.BlockDetailView.as_view(), name="block"),
    path("reports/", people.ReportCreateView.as_view(), name="reports"),
]

auth_urls = [
    path("signup/", accounts.SignupView.as_view(), name="auth-signup"),
    path("token/", accounts.TokenView.as_view(), name="auth-token"),
    path("me/", accounts.MeView.as_view(), name="auth-me"),
    path("tokens/", accounts.TokenListView.as_view(), name="auth-tokens"),
    path("tokens/<str:key>/", accounts.TokenRevokeView.as_view(), name="auth-token-revoke"),
    path("bot/", bots.BotAccountView.as_view(), name="auth-bot"),  # issue 34: bot accounts
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/games/", include(game_urls)),
    path("api/auth/", include(auth_urls)),
    path("api/notifications/", include(notification_urls)),
    path(
        "api/stream/",
        streams.documented_as(events.AccountEventListView, streams.account_events),
        name="stream",
    ),
    path("api/webhooks/", include(webhook_urls)),
    path("api/time-off/", include(time_off_urls)),
    path("api/", include(people_urls)),
    path("api/challenges/", include(challenge_urls)),
    path("api/seeks/", include(seek_urls)),
    path("api/tournaments/", include(tournament_urls)),
    path("api/ratings/", include(rating_urls)),
    path("api/bots/", bots.BotListView.as_view(), name="bots"),
    # E-mail: every mail's unsubscribe link, and anymail's inbound webhooks for any ESP.
    path("mail/unsubscribe/<str:token>/", mail.unsubscribe_page, name="unsubscribe"),
    path("anymail/", include(mail_webhooks.urlpatterns())),
    path("api/cards/", cards.CardCatalogView.as_view(), name="card-catalog"),
    path("api/health/", health.HealthView.as_view(), name="health"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    # The API docs, each under its own Content-Security-Policy (gtr_api/security.py).
    path(
        "api/docs/",
        security.swagger_ui_policy(security.SwaggerView.as_view(url_name="schema")),
        name="docs",
    ),
    path(
        "api/redoc/",
        security.redoc_policy(security.RedocView.as_view(url_name="schema")),
        name="redoc",
    ),
    path("api-auth/", include("rest_framework.urls")),
    # The web client for people (web/). It serves the lobby at `/`, game pages and card faces.
    path("", include("web.urls")),
    # Last: any other path is a JSON 404, or a page for a browser outside /api/. This holds in
    # DEBUG too. Otherwise Django's debug page would answer. And a POST missing its trailing
    # slash would be a 500 from APPEND_SLASH.
    re_path(r"^", gtr_api.errors.not_found),
]
