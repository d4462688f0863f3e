"""The web client's pages, served at `/` (the API keeps `/api/...`)."""

from django.urls import path
from django.views.i18n import JavaScriptCatalog

from . import match, preferences, profiles, push, ratings, timeoff, tournaments, views

app_name = "web"

urlpatterns = [
    path("", views.lobby_page, name="lobby"),
    path("lobby/lists/", views.lobby_lists, name="lobby-lists"),
    path("rules/", views.rules, name="rules"),
    path("rules/cards/", views.gallery, name="gallery"),
    path("signup/", views.signup, name="signup"),
    path("login/", views.Login.as_view(), name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("new/", views.game_new, name="new"),
    path("language/", views.language_switch, name="language"),
    path("time-off/", timeoff.time_off_page, name="time-off"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/table/", views.table_fragment, name="table"),
    path("games/<int:game_id>/here/", views.here, name="here"),
    path("games/<int:game_id>/join/", views.game_join, name="join"),
    path("games/<int:game_id>/leave/", views.game_leave, name="leave"),
    path("games/<int:game_id>/start/", views.game_start, name="start"),
    path("play/<str:token>/", views.play_link, name="play"),
    # Ratings (docs/ratings.md): the leaderboards.
    path("ratings/", ratings.leaderboard_page, name="ratings"),
    path("ratings/<str:family>/", ratings.leaderboard_page, name="ratings-family"),
    # Profiles (docs/web.md, Profiles).
    path("players/<str:username>/", profiles.profile_page, name="profile"),
    path("players/<str:username>/block/", profiles.profile_block, name="profile-block"),
    path("players/<str:username>/report/", profiles.profile_report, name="profile-report"),
    # Challenges, seeks and rematch (issue 32, web/match.py).
    path("challenges/", match.challenge_send, name="challenge"),
    path(
        "challenges/<int:challenge_id>/<str:answer>/",
        match.challenge_answer,
        name="challenge-answer",
    ),
    path("seeks/", match.seek_post, name="seek"),
    path("seeks/<int:seek_id>/join/", match.seek_join, name="seek-join"),
    path("seeks/<int:seek_id>/cancel/", match.seek_cancel, name="seek-cancel"),
    path("games/<int:game_id>/rematch/<str:answer>/", match.rematch_answer, name="rematch"),
    # Tournaments (issue 33, web/tournaments.py).
    path("tournaments/", tournaments.tournaments_page, name="tournaments"),
    path("tournaments/<int:tournament_id>/", tournaments.tournament_page, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/<str:action>/",
        tournaments.tournament_entry,
        name="tournament-entry",
    ),
    path("cards/<slug:slug>.png", views.card_png, name="card"),
    # Every mail's preferences link (web/preferences.py): no account needed.
    path("mail/preferences/<str:token>/", preferences.mail_preferences, name="mail-preferences"),
    # Browser notifications: the service worker, at the root so that it serves the whole site.
    path("sw.js", push.service_worker, name="service-worker"),
    # The table script's words in the reader's language, from locale/*/LC_MESSAGES/djangojs.po.
    # With packages=["web"], the admin's words stay out.
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["web"]), name="jsi18n"),
]
