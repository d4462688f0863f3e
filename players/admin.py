"""Accounts use Django's own user admin; API tokens (django-rest-knox) are listed by its admin. The
e-mail side: preferences (editable), and the records of notifications sent and replies read
(read-only)."""

from typing import Any

from django.contrib import admin

from players.models import InboundMail, MailPreference, SentNotification


@admin.register(MailPreference)
class MailPreferenceAdmin(admin.ModelAdmin):
    list_display = ("address", "your_turn", "reminder", "final", "digest", "unsubscribed")
    list_filter = ("digest", "unsubscribed")
    search_fields = ("address",)


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(SentNotification)
class SentNotificationAdmin(ReadOnly):
    list_display = ("key", "address", "created")
    search_fields = ("key", "address")


@admin.register(InboundMail)
class InboundMailAdmin(ReadOnly):
    list_display = ("message_id", "game_id", "outcome", "created")
    list_filter = ("outcome",)
    search_fields = ("message_id",)
