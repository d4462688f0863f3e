from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView
from rest_framework.request import Request
from rest_framework.response import Response

import gtr_api.errors
from games.api import events as event_views
from games.api import play as game_views
from games.api import streams
from games.api.renderers import JSONRenderer
from players.accounts import views as player_views


class SchemaView(SpectacularAPIView):
    """The schema, in YAML or JSON as asked; its errors in JSON, as every error is."""

    def finalize_response(
        self, request: Request, response: Response, *args: object, **kwargs: object
    ) -> Response:
        if response.status_code >= 400:
            request.accepted_renderer = JSONRenderer()  # DRF renders with the request's choice
            request.accepted_media_type = "application/json"
        return super().finalize_response(request, response, *args, **kwargs)


handler400 = "gtr_api.errors.handler400"
handler403 = "gtr_api.errors.handler403"
handler404 = "gtr_api.errors.handler404"
handler500 = "gtr_api.errors.handler500"

games = [
    path("", game_views.GameListCreateView.as_view(), name="game-list"),
    path("<int:game_id>/", game_views.GameDetailView.as_view(), name="game-detail"),
    path("<int:game_id>/join/", game_views.SeatJoinView.as_view(), name="game-join"),
    path("<int:game_id>/leave/", game_views.SeatLeaveView.as_view(), name="game-leave"),
    path("<int:game_id>/start/", game_views.GameStartView.as_view(), name="game-start"),
    path("<int:game_id>/moves/", game_views.MoveListCreateView.as_view(), name="game-moves"),
    path(
        "<int:game_id>/wait/",
        streams.documented_as(game_views.GameWaitView, streams.game_wait),
        name="game-wait",
    ),
    path(
        "<int:game_id>/events/",
        streams.documented_as(event_views.GameEventListView, streams.game_events),
        name="game-events",
    ),
    path("<int:game_id>/resign/", game_views.GameResignView.as_view(), name="game-resign"),
    path("<int:game_id>/return/", game_views.SeatReturnView.as_view(), name="game-return"),
    path("<int:game_id>/surrender/", game_views.GameSurrenderView.as_view(), name="game-surrender"),
    path("<int:game_id>/seat-token/", game_views.SeatTokenView.as_view(), name="game-seat-token"),
    path("<int:game_id>/record/", game_views.GameRecordView.as_view(), name="game-record"),
]

notifications = [
    path("", player_views.NotificationPreferencesView.as_view(), name="notifications"),
    path(
        "unsubscribe/",
        player_views.UnsubscribeView.as_view(),
        name="notifications-unsubscribe",
    ),
]

webhooks = [
    path("", event_views.WebhookListCreateView.as_view(), name="webhooks"),
    path("<int:hook_id>/", event_views.WebhookDetailView.as_view(), name="webhook"),
    path(
        "<int:hook_id>/deliveries/",
        event_views.WebhookDeliveryListView.as_view(),
        name="webhook-deliveries",
    ),
]

auth = [
    path("signup/", player_views.SignupView.as_view(), name="auth-signup"),
    path("token/", player_views.TokenView.as_view(), name="auth-token"),
    path("me/", player_views.MeView.as_view(), name="auth-me"),
    path("tokens/", player_views.TokenListView.as_view(), name="auth-tokens"),
    path("tokens/<str:key>/", player_views.TokenRevokeView.as_view(), name="auth-token-revoke"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/games/", include(games)),
    path("api/auth/", include(auth)),
    path("api/notifications/", include(notifications)),
    path(
        "api/stream/",
        streams.documented_as(event_views.AccountEventListView, streams.account_events),
        name="stream",
    ),
    path("api/webhooks/", include(webhooks)),
    # E-mail: the unsubscribe link of every mail, and anymail's inbound webhooks (any ESP).
    path("mail/unsubscribe/<str:token>/", player_views.unsubscribe_page, name="unsubscribe"),
    path("anymail/", include("anymail.urls")),
    path("api/cards/", game_views.CardCatalogView.as_view(), name="card-catalog"),
    path("api/health/", game_views.HealthView.as_view(), name="health"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("api-auth/", include("rest_framework.urls")),
    # The web client for people (web/): the lobby at `/`, the game pages, the card faces.
    path("", include("web.urls")),
    # Last: any other path is a JSON 404 (an HTML page for a browser outside /api/), in DEBUG
    # too (Django's debug page would answer otherwise,
    # and a POST missing its trailing slash would be a 500 from APPEND_SLASH).
    re_path(r"^", gtr_api.errors.not_found),
]
