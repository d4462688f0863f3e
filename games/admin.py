"""Admin for games, seats, moves and webhooks.

Moves are read-only: the log is append-only. The game's private snapshot, seed and hashes are
visible only here and in verify_games."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils import timezone

from games.errors import NotFound
from games.models import (
    Block,
    ChatMessage,
    Game,
    Move,
    Report,
    Seat,
    Suspension,
    Webhook,
    WebhookDelivery,
)
from games.services import chat, moderation


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


# People (docs/api.md, People): reports, suspensions and blocks. Staff act on a report from its
# list: dismiss it or suspend the account reported; a suspension made or lifted here takes effect
# at the table at once (games.services.moderation).

SUSPENSION_DAYS = 7


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "reason", "player", "reporter", "game", "message_id", "status")
    list_filter = ("status", "kind", "reason")
    search_fields = ("player__username", "reporter__username", "text")
    readonly_fields = (
        "reporter",
        "kind",
        "player",
        "game",
        "message_id",
        "message",
        "reason",
        "text",
        "created",
        "handled",
        "handled_by",
    )
    fields = (*readonly_fields, "status", "note")
    actions = ["dismiss", "hide_the_message", "suspend_for_a_week", "suspend_until_lifted"]

    @admin.display(description="the line reported")
    def message(self, report: Report) -> str:
        if report.message_id is None or report.game_id is None:
            return "-"
        line = ChatMessage.objects.filter(pk=report.message_id, game_id=report.game_id).first()
        if line is None:
            return "-"
        hidden = " (hidden)" if line.hidden else ""
        return f"{line.name} in the {line.channel}' chat{hidden}: {line.text}"

    @admin.action(description="Hide the line reported, and close the report")
    def hide_the_message(self, request: HttpRequest, queryset: Any) -> None:
        for report in queryset.filter(kind=Report.Kind.MESSAGE, game__isnull=False):
            try:
                chat.chat_hide(
                    game_id=report.game_id, message_id=report.message_id, user=request.user
                )
            except NotFound:
                continue  # no such line in that game: nothing to hide
            if report.status == Report.Status.OPEN:
                moderation.report_close(report=report, by=request.user, acted=True)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # people report through the API and the web

    @admin.action(description="Dismiss: nothing to do")
    def dismiss(self, request: HttpRequest, queryset: Any) -> None:
        for report in queryset.filter(status=Report.Status.OPEN):
            moderation.report_close(report=report, by=request.user, acted=False)

    @admin.action(description=f"Suspend the player reported for {SUSPENSION_DAYS} days")
    def suspend_for_a_week(self, request: HttpRequest, queryset: Any) -> None:
        self._suspend(request, queryset, timezone.now() + timedelta(days=SUSPENSION_DAYS))

    @admin.action(description="Suspend the player reported until lifted")
    def suspend_until_lifted(self, request: HttpRequest, queryset: Any) -> None:
        self._suspend(request, queryset, None)

    def _suspend(self, request: HttpRequest, queryset: Any, until: Any) -> None:
        done = set()
        for report in queryset.select_related("player"):
            if report.player is None or report.player_id in done:
                continue
            done.add(report.player_id)
            reason = f"report {report.pk}: {report.get_reason_display()}"
            moderation.account_suspend(
                user=report.player, reason=reason, until=until, by=request.user, report=report
            )
        self.message_user(request, f"{len(done)} account(s) suspended.")


@admin.register(Suspension)
class SuspensionAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "since", "until", "lifted", "by")
    list_filter = ("lifted",)
    search_fields = ("user__username", "reason")
    fields = ("user", "reason", "until", "report", "since", "lifted", "by")
    raw_id_fields = ("user", "report")
    actions = ["lift"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        if obj is None:
            return ("since", "lifted", "by")
        return ("user", "reason", "until", "report", "since", "lifted", "by")

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            return  # a suspension is made and lifted, not edited
        made = moderation.account_suspend(
            user=obj.user, reason=obj.reason, until=obj.until, by=request.user, report=obj.report
        )
        obj.pk = made.pk

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # lift it: the record stays

    @admin.action(description="Lift now")
    def lift(self, request: HttpRequest, queryset: Any) -> None:
        for suspension in queryset.filter(lifted__isnull=True):
            moderation.suspension_lift(suspension=suspension)


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ("user", "blocked", "created")
    search_fields = ("user__username", "blocked__username")
    readonly_fields = ("user", "blocked", "created")


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
