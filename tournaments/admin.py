"""Tournaments in the admin: staff create them, follow entries and rounds, and accept the result
of a table held because its record failed verification (docs/tournaments.md)."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from games.errors import ServiceError
from games.services.matching import clock_json, clock_of

from .models import Entry, Round, Table, Tournament
from .services import entries, rounds
from .services.tables import table_score


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("user", "status", "reason", "joined", "left")
    readonly_fields = ("joined", "left")
    raw_id_fields = ("user",)


class TournamentForm(forms.ModelForm):
    """The API's checks of a new tournament's terms and clock, as form errors."""

    class Meta:
        model = Tournament
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.instance.pk is None and not self.errors:
            try:
                data["options"] = entries.terms_checked(
                    version=data["version"],
                    format=data["format"],
                    table_size=data["table_size"],
                    starts=data["starts"],
                    max_players=data["max_players"],
                    rounds=data.get("rounds"),
                    options=data.get("options") or {},
                    rated=bool(data.get("rated")),
                )
                data["clock"] = clock_json(clock_of(data.get("clock") or {}))
            except ServiceError as error:
                raise forms.ValidationError(str(error.detail)) from error
            except TypeError as error:  # a clock field its kind does not know
                raise forms.ValidationError(f"Not a clock: {error}") from error
        return data


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentForm
    list_display = ("name", "format", "table_size", "status", "starts", "current_round", "rounds")
    list_filter = ("status", "format")
    search_fields = ("name",)
    readonly_fields = ("status", "current_round", "seed", "created_by", "created", "finished")
    inlines = [EntryInline]

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user  # type: ignore[assignment]
            obj.seed = secrets.randbits(62)
        super().save_model(request, obj, form, change)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "started", "finished")
    list_filter = ("status",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("round", "number", "game", "scored", "held")
    list_filter = ("scored",)
    readonly_fields = ("round", "number", "game", "scored", "problems")
    actions = ["accept_result"]

    @admin.display(boolean=True, description="held")
    def held(self, table: Table) -> bool:
        return bool(table.problems)

    @admin.action(description="Accept the result of held tables (staff looked at the record)")
    def accept_result(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        for table in queryset.filter(scored=False).exclude(problems=[]).select_related("round"):
            if table.game.status == "finished":
                table_score(table)
                table.problems = []
                table.save(update_fields=["problems"])
                rounds.round_next(table.round.tournament_id)
