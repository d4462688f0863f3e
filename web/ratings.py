"""The leaderboards' page (docs/ratings.md): a family's active players and bots, best first, as
`GET /api/ratings/{family}/` lists them."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import Family
from games.read import ratings

PAGE = 50


def leaderboard_page(request: HttpRequest, family: str = Family.BLACK_BOX) -> HttpResponse:
    if family not in Family.values:
        raise Http404(family)
    board = Paginator(ratings.leaderboard(family), PAGE).get_page(request.GET.get("page"))
    first = (board.number - 1) * PAGE
    rows = [
        {"place": first + i, "name": ratings.name_of(r), **ratings.rating_view(r)}
        for i, r in enumerate(board, start=1)
    ]
    context = {"family": family, "families": Family.choices, "board": board, "rows": rows}
    return render(request, "web/ratings.html", context)
