"""The admin of the e-mail side: preferences, notifications sent and replies read.

Preferences are editable. The records of notifications and replies are read-only. Accounts use
Django's own user admin. django-rest-knox's admin lists the API tokens.
"""

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
