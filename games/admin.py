"""Admin for games, seats, moves and webhooks.

Moves are read-only: the log is append-only. The game's private snapshot, seed and hashes are
visible only here and in verify_games."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import ChatMessage, Game, Move, Seat, Webhook, WebhookDelivery
from games.services import chat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = (
        "position",
        "kind",
        "user",
        "email",
        "bot",
        "timeout_policy",
        "timeouts",
        "bot_standing_in",
        "bank",
        "resigned",
        "surrender_to",
    )
    readonly_fields = ("position",)
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "version", "players", "status", "seq", "clock", "deadline", "created")
    list_filter = ("status", "version", "players")
    search_fields = ("id", "creator__username")
    readonly_fields = (
        "seq",
        "revision",
        "setup",
        "state",
        "created",
        "updated",
        "started",
        "to_act",
        "decision_started",
        "deadline",
        "automatic",
    )
    inlines = [SeatInline]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # deleting a game would delete its move log


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "position", "kind", "user", "resigned")
    list_filter = ("kind", "resigned")
    exclude = ("token_hash",)


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "actor", "created")
    list_filter = ("actor",)
    search_fields = ("game__id",)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [f.name for f in Move._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    """Accounts' webhooks, so operators see failing ones and why.

    Owners see the same in the API."""

    list_display = ("id", "user", "url", "game", "active", "failures", "last_failure", "disabled")
    list_filter = ("active",)
    search_fields = ("url", "user__username")
    readonly_fields = (
        "secret",
        "failures",
        "last_error",
        "last_failure",
        "last_success",
        "disabled",
    )


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ("id", "hook", "event", "status", "attempts", "next_attempt", "response_status")
    list_filter = ("status",)
    readonly_fields = [f.name for f in WebhookDelivery._meta.fields]


# Table chat (docs/chat.md): staff read the lines and hide one. Private notes are their writers'
# alone and have no page here.
@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "channel", "name", "text", "created", "hidden")
    list_filter = ("channel", "hidden")
    search_fields = ("text", "name")
    readonly_fields = [f.name for f in ChatMessage._meta.fields]
    actions = ["hide"]

    @admin.action(description="Hide the selected lines")
    def hide(self, request: HttpRequest, queryset: Any) -> None:
        for message in queryset:
            chat.chat_hide(game_id=message.game_id, message_id=message.pk, user=request.user)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
