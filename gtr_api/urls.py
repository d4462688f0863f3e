from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

import gtr_api.errors
from games import views as game_views
from players import views as player_views

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
    path("<int:game_id>/wait/", game_views.GameWaitView.as_view(), name="game-wait"),
    path("<int:game_id>/resign/", game_views.GameResignView.as_view(), name="game-resign"),
    path("<int:game_id>/return/", game_views.SeatReturnView.as_view(), name="game-return"),
    path("<int:game_id>/surrender/", game_views.GameSurrenderView.as_view(), name="game-surrender"),
    path("<int:game_id>/seat-token/", game_views.SeatTokenView.as_view(), name="game-seat-token"),
]

notifications = [
    path("", player_views.NotificationPreferencesView.as_view(), name="notifications"),
    path(
        "unsubscribe/",
        player_views.UnsubscribeView.as_view(),
        name="notifications-unsubscribe",
    ),
]

auth = [
    path("signup/", player_views.SignupView.as_view(), name="auth-signup"),
    path("token/", player_views.TokenView.as_view(), name="auth-token"),
    path("me/", player_views.MeView.as_view(), name="auth-me"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/games/", include(games)),
    path("api/auth/", include(auth)),
    path("api/notifications/", include(notifications)),
    # E-mail: the unsubscribe link of every mail, and anymail's inbound webhooks (any ESP).
    path("mail/unsubscribe/<str:token>/", player_views.unsubscribe_page, name="unsubscribe"),
    path("anymail/", include("anymail.urls")),
    path("api/cards/", game_views.CardCatalogView.as_view(), name="card-catalog"),
    path("api/health/", game_views.HealthView.as_view(), name="health"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("api-auth/", include("rest_framework.urls")),
    # Last: any other path is a JSON 404, in DEBUG too (Django's debug page would answer otherwise,
    # and a POST missing its trailing slash would be a 500 from APPEND_SLASH).
    re_path(r"^", gtr_api.errors.not_found),
]
