"""The admin of the e-mail side (preferences, notifications sent, replies read) and of the
browsers subscribed to notifications (their failures).

Preferences are editable. The records of notifications and replies are read-only. Accounts use
Django's own user admin. django-rest-knox's admin lists the API tokens.
"""

from typing import Any

from django.contrib import admin

from players.models import InboundMail, MailPreference, PushSubscription, SentNotification


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


@admin.register(PushSubscription)
class PushSubscriptionAdmin(ReadOnly):
    """The browsers subscribed to notifications: whose, and how their pushes went."""

    list_display = ("user", "created", "last_success", "failures", "last_failure", "last_error")
    list_filter = ("failures",)
    search_fields = ("user__username", "endpoint")
