"""The web client in a real headless Chromium against a live server: people sign up, create and
join games, and play whole games by clicking; a spectator never sees a hand; a stale move and an
illegal one say why. These tests also take the screenshots in docs/ (docs/web.md)."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import engine
from games.models import Game
from games.read.selectors import Caller

from .browser import Person, play_to_the_end, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def hand_ids(game_id: int, seat: int) -> set[int]:
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    return set(state.players[seat].hand)


def page_card_ids(person: Person) -> set[int]:
    return {int(card) for card in person.attributes("#table [data-card]", "data-card")}


def test_two_people_and_a_spectator_play_a_whole_game(
    browsers: Any, paths_asked: list[str]
) -> None:
    alice, bob, watcher = browsers(), browsers(), browsers(width=420, height=900)
    alice.sign_up("alice", "alice@example.org")
    bob.sign_up("bob", "bob@example.org")
    game_id = alice.create_game(
        {
            "players": "2",
            "training": "1",  # the training deal: a shorter game
            "seat1_kind": "invited",
            "seat1_email": "bob@example.org",
        }
    )
    (invitation,) = [m for m in mail.outbox if "bob@example.org" in m.to and "invited" in m.subject]
    link = re.search(r"(http\S+/play/\S+/)", invitation.body).group(1)
    bob.open(link)
    wait_for(lambda: f"/games/{game_id}/" in bob.driver.current_url, what="bob at the table")
    watcher.open(f"/games/{game_id}/")
    assert "you are watching" in watcher.find("h1").text

    clicks = play_to_the_end([alice, bob], seed=2)

    assert Game.objects.get(pk=game_id).status == Game.Status.FINISHED
    for person in (alice, bob):
        scores = wait_for(lambda p=person: p.find("#table .scores").text, what="the scores")
        assert "alice" in scores and "Guest 2" in scores  # bob plays by his invitation link
    wait_for(watcher.finished, 30, "the spectator's page to show the final scores")
    assert clicks > 20
    assert not watcher.all("#table .hand")
    # Every table heard the game move on its event stream (bob's, by his invitation link, and
    # the watcher's as a spectator's), never by the long poll.
    assert f"/api/games/{game_id}/events/" in paths_asked
    assert not [p for p in paths_asked if p.endswith("/wait/")]


def test_a_spectator_never_sees_a_hand(browsers: Any) -> None:
    alice, watcher = browsers(), browsers()
    alice.sign_up("alice", "alice@example.org")
    game_id = alice.create_game({"players": "2", "seat1_kind": "bot"})
    watcher.open(f"/games/{game_id}/")
    for turn in range(6):
        alice.play_one(__import__("random").Random(turn))
        # Compare the page with the state it shows: once the bot has moved, only alice can.
        wait_for(lambda: settled(game_id, watcher, alice), 20, "the spectator's page to follow")
        shown = page_card_ids(watcher)
        hidden = (hand_ids(game_id, 0) | hand_ids(game_id, 1)) - revealed_ids(game_id)
        assert hidden and not shown & hidden
        assert not watcher.all("#table .hand") and not watcher.all("#actions button.move")
        # The player sees her own hand, and only hers.
        assert hand_ids(game_id, 0) <= page_card_ids(alice)
        assert not page_card_ids(alice) & hand_ids(game_id, 1)


def settled(game_id: int, *people: Person) -> bool:
    """Every page shows the game's current seq, and the decision is the person's (seat 0)."""
    game = Game.objects.get(pk=game_id)
    return game.to_act == 0 and all(p.seq() == game.seq for p in people)


def revealed_ids(game_id: int) -> set[int]:
    """Cards a Legionary's demander has revealed from his hand: public while the demand lasts."""
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    return {c["id"] for c in (engine.prompt(state) or {}).get("revealed", [])}


def test_a_page_fetches_its_table_once_a_move(browsers: Any, paths_asked: list[str]) -> None:
    """A move comes down the event stream as several events of one seq (docs/events.md). The
    first sets the page fetching its table; the others, arriving while that fetch is under way,
    ask for nothing more: the fetch began after the move was committed, so it shows it."""
    from django.contrib.auth import get_user_model

    from games.services import lobby
    from games.services.moves import move_submit

    users = get_user_model().objects
    ann, ben = (users.create_user(name, password="x") for name in ("ann", "ben"))
    game_id = lobby.game_create(user=ann, version="republic", players=2).pk
    lobby.seat_join(game_id=game_id, user=ben)
    watcher = browsers()
    watcher.open(f"/games/{game_id}/")
    events, table = f"/api/games/{game_id}/events/", f"/games/{game_id}/table/"
    wait_for(lambda: events in paths_asked, what="the page's event stream")
    asked_before = len(paths_asked)
    moves = 6
    for seq in range(moves):
        state = engine.from_json(Game.objects.get(pk=game_id).state)
        action = engine.legal_actions(state)[0]
        move_submit(
            game_id=game_id, caller=Caller(position=engine.to_act(state)), seq=seq, action=action
        )
        wait_for(lambda s=seq: watcher.seq() == s + 1, what="the page to show the move")
        time.sleep(0.5)  # time for a fetch more, were one asked for
    assert paths_asked[asked_before:].count(table) == moves


def test_a_person_plays_two_bots_then_resigns_and_the_bots_finish(browsers: Any) -> None:
    alice = browsers()
    alice.sign_up("alice", "alice@example.org")
    game_id = alice.create_game(
        {
            "players": "3",
            "training": "1",
            "seat1_kind": "bot",
            "seat2_kind": "bot",
            "seat2_bot": "random",
        }
    )
    others_play(alice)
    alice.open("/")
    rows = alice.all(".games .game-row")
    assert "your-turn" in rows[0].get_attribute("class")  # her turn first
    assert alice.all(".game-row .badge.done") and "open seat" in alice.find("main").text
    DOCS.mkdir(parents=True, exist_ok=True)
    alice.screenshot(DOCS / "lobby.png")
    alice.open(f"/games/{game_id}/")
    rng = __import__("random").Random(3)
    for _ in range(14):  # to the middle of the game, for the pictures
        wait_for(alice.moves, 20, "alice's moves")
        alice.play_one(rng)
    wait_for(alice.moves, 20, "alice's moves")
    alice.screenshot(DOCS / "table.png")
    show_turn_mail(alice, game_id, DOCS / "mail.png")
    alice.open(f"/games/{game_id}/")
    for _ in range(16):  # on a while; the game of two people below plays to the end by clicks
        wait_for(alice.moves, 20, "alice's moves")
        alice.play_one(rng)
    # She resigns on the page: a bot plays her seat, the bots finish, her page shows the end.
    alice.find(".seat-controls details:last-of-type summary").click()
    alice.find('form[data-api="resign"] button[type=submit]').click()
    wait_for(alice.finished, 60, "the final scores on alice's page")
    game = Game.objects.get(pk=game_id)
    assert game.status == Game.Status.FINISHED
    assert game.moves.filter(seat=0, actor="human").count() > 10
    assert game.moves.filter(seat__in=[1, 2], actor="bot").exists()


def others_play(alice: Person) -> None:
    """A lobby with more in it: bob's open table, and a finished game of alice's."""
    from django.contrib.auth import get_user_model

    from games.services import lobby, resignation
    from games.services.lobby import SeatSpec

    users = get_user_model().objects
    bob = users.create_user("bob", email="bob@example.org", password="x")
    lobby.game_create(user=bob, version="imperium", players=4)
    me = users.get(username="alice")
    done = lobby.game_create(
        user=me, version="republic", players=2, seats=[SeatSpec("me"), SeatSpec("bot")]
    )
    resignation.game_resign(game_id=done.pk, position=0)


def show_turn_mail(person: Person, game_id: int, path: Path) -> None:
    """The HTML turn mail of the person's current decision, as a mail client shows it: its
    inline card faces (by Content-ID) are all attached and named by the HTML."""
    import base64

    from players.mail import notify

    game = Game.objects.get(pk=game_id)
    decision = notify.decision_load(game_id, game.seq, 0)
    assert decision is not None
    message = notify.decision_message(decision, "your turn")
    html, kind = message.alternatives[0]
    assert kind == "text/html" and "/play/" in html
    images = {}
    for part in message.attachments:
        cid = part["Content-ID"].strip("<>")
        images[cid] = base64.b64encode(part.get_payload(decode=True)).decode()
    wanted = set(re.findall(r'src="cid:([^"]+)"', html))
    assert wanted and wanted <= set(images)
    for cid, data in images.items():
        html = html.replace(f"cid:{cid}", f"data:image/png;base64,{data}")
    page = base64.b64encode(html.encode()).decode()
    person.driver.get(f"data:text/html;base64,{page}")
    person.screenshot(path)


def test_a_table_that_could_not_be_fetched_is_fetched_again(browsers: Any) -> None:
    """A move's events set the page fetching its table. When that fetch fails, the page says
    so and tries again until it succeeds: no other event may come (the move may have made it
    this person's turn)."""
    from django.contrib.auth import get_user_model

    from games.services import lobby
    from games.services.moves import move_submit

    users = get_user_model().objects
    ann, ben = (users.create_user(name, password="x") for name in ("ann", "ben"))
    game_id = lobby.game_create(user=ann, version="republic", players=2).pk
    lobby.seat_join(game_id=game_id, user=ben)
    watcher = browsers()
    watcher.driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": "const realFetch = window.fetch; window.fetch = (url, ...rest) => "
            "String(url).includes('/table/') && window.gtrTableDown ? "
            "Promise.reject(new TypeError('the network is down')) : realFetch(url, ...rest);"
        },
    )
    watcher.open(f"/games/{game_id}/")
    wait_for(lambda: watcher.seq() == 0, what="the table")
    watcher.driver.execute_script("window.gtrTableDown = true")
    state = engine.from_json(Game.objects.get(pk=game_id).state)
    move_submit(
        game_id=game_id,
        caller=Caller(position=engine.to_act(state)),
        seq=0,
        action=engine.legal_actions(state)[0],
    )
    wait_for(
        lambda: "could not be refreshed" in watcher.find("#notice").text, what="the failure told"
    )
    assert watcher.seq() == 0
    watcher.driver.execute_script("window.gtrTableDown = false")
    wait_for(lambda: watcher.seq() == 1, what="the table fetched again, with no other event")
    wait_for(lambda: not watcher.find("#notice").is_displayed(), what="the failure's notice gone")


def test_a_stale_move_refreshes_and_says_why_and_an_illegal_one_gives_the_reason(
    browsers: Any,
) -> None:
    from games.services import moves

    alice = browsers()
    alice.sign_up("alice", "alice@example.org")
    game_id = alice.create_game({"players": "2", "seat1_kind": "bot"})
    # This browser hears of no move (no event stream, and its long polls hang), so its page goes
    # stale.
    alice.driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": "window.EventSource = undefined; "
            "const realFetch = window.fetch; window.fetch = (url, ...rest) => "
            "String(url).includes('/wait/') ? new Promise(() => {}) : realFetch(url, ...rest);"
        },
    )
    alice.open(f"/games/{game_id}/")
    wait_for(alice.moves, what="alice's moves")
    seq = alice.seq()
    # Alice plays in another tab (here: straight through the service) while this page waits.
    moves.move_submit(
        game_id=game_id,
        caller=Caller(position=0),
        seq=seq,
        action={"type": "think", "take": "cards"},
    )
    game = Game.objects.get(pk=game_id)
    stale = alice.moves()[0]
    stale.click()
    notice = wait_for(
        lambda: "not played" in alice.find("#notice").text and alice.find("#notice"),
        what="the stale notice",
    )
    assert "moved on" in notice.text
    wait_for(lambda: alice.seq() == game.seq, what="the table refreshed to the current move")

    # An action the engine refuses: a card of the bot's hand, put in the page by hand.
    wait_for(alice.moves, what="alice's moves again")
    other = sorted(hand_ids(game_id, 1))[0]
    alice.driver.execute_script(
        """const node = document.getElementById('gtr-client');
        const data = JSON.parse(node.textContent);
        data.actions = [{action: {type: 'lead', role: 'laborer', cards: [arguments[0]]},
                         label: 'Lead with a card that is not mine', group: 'Forged', cards: []}];
        node.textContent = JSON.stringify(data);""",
        other,
    )
    alice.driver.execute_script("document.dispatchEvent(new Event('gtr:reread'))")
    button = wait_for(
        lambda: [b for b in alice.moves() if "not mine" in b.text], what="the forged button"
    )[0]
    before = Game.objects.get(pk=game_id).seq
    button.click()
    notice = wait_for(
        lambda: "not allowed" in alice.find("#notice").text and alice.find("#notice"),
        what="the engine's reason",
    )
    assert re.search(r"\((not_in_hand|\w+)\)", notice.text)
    assert Game.objects.get(pk=game_id).seq == before  # nothing was played


def test_the_stale_move_notice_goes_once_the_game_moves_on(browsers: Any) -> None:
    """Issue 30, L4: the notice that a move was not played stays only until the next moves
    reach the page (by its event stream), not for the rest of the game."""
    from games.services import moves

    alice = browsers()
    alice.sign_up("alice", "alice@example.org")
    game_id = alice.create_game({"players": "2", "seat1_kind": "bot"})
    wait_for(alice.moves, what="alice's moves")
    seq = alice.seq()
    # The page's seq changed by hand, as a page out of step would have it: its move is stale.
    alice.driver.execute_script(
        """const node = document.getElementById('gtr-client');
        const data = JSON.parse(node.textContent);
        data.seq = arguments[0];
        node.textContent = JSON.stringify(data);""",
        seq + 1,
    )
    alice.driver.execute_script("document.dispatchEvent(new Event('gtr:reread'))")
    alice.moves()[0].click()
    wait_for(lambda: "not played" in alice.find("#notice").text, what="the stale notice")
    wait_for(lambda: alice.seq() == seq, what="the table refreshed")
    assert alice.find("#notice").is_displayed()
    # Alice plays in another tab; the bot answers. The page hears of it and the notice goes.
    moves.move_submit(
        game_id=game_id,
        caller=Caller(position=0),
        seq=seq,
        action={"type": "think", "take": "cards"},
    )
    wait_for(lambda: alice.seq() > seq, what="the next moves on the page")
    wait_for(lambda: not alice.find("#notice").is_displayed(), what="the notice gone")


def test_the_table_script_speaks_polish_to_a_polish_reader(browsers: Any) -> None:
    """The script's own words come from Django's JavaScript catalog in the page's language: the
    button that clears a selection, with the Polish plural; the moves and the prompt are the
    server's, in Polish too."""
    ola = browsers()
    ola.sign_up("ola", "ola@example.org")
    game_id = ola.create_game({"players": "2", "seat1_kind": "bot"})
    ola.find('.language-switch button[value="pl"]').click()
    wait_for(lambda: ola.find("html").get_attribute("lang") == "pl", what="the Polish page")
    wait_for(ola.moves, what="ola's moves")
    prompt = ola.find("#table .prompt").text  # lead or follow, as the bot chose to lead or not
    assert prompt.startswith("Twoja decyzja: ") and prompt.endswith(" albo myśl."), prompt
    ola.select_a_card(random.Random(1))
    clear = wait_for(
        lambda: [b for b in ola.all("#actions button.link") if "Wyczyść" in b.text],
        what="the clear button in Polish",
    )[0]
    assert clear.text == "Wyczyść zaznaczenie (1 karta)"
    ola.find('.language-switch button[value="en"]').click()
    wait_for(lambda: ola.find("html").get_attribute("lang") == "en", what="the English page")
    ola.select_a_card(random.Random(2))
    clear = wait_for(lambda: ola.all("#actions button.link"), what="the clear button")[0]
    assert clear.text == "Clear the selection (1 card)"
    assert f"/games/{game_id}/" in ola.driver.current_url


def test_every_control_is_labelled_and_reachable_by_keyboard(browsers: Any) -> None:
    alice = browsers()
    pages = ["/signup/", "/login/"]
    for path in pages:
        alice.open(path)
        check_accessibility(alice, path)
    alice.sign_up("alice", "alice@example.org")
    game_id = alice.create_game({"players": "2", "seat1_kind": "bot"})
    wait_for(alice.moves, what="alice's moves")
    for path in ["/", "/new/", f"/games/{game_id}/"]:
        alice.open(path)
        if "games" in path:
            wait_for(alice.moves, what="alice's moves")
        check_accessibility(alice, path)
    # A card is chosen with the keyboard alone: focus it, press Enter, the moves narrow.
    alice.open(f"/games/{game_id}/")
    card_id = alice.select_a_card(random.Random(3), keyboard=True)
    wait_for(lambda: alice.all(f'#table [data-card="{card_id}"][aria-pressed="true"]'))


A11Y_SCRIPT = """
const interactive = 'a[href], button, input:not([type=hidden]), select, textarea, summary, ' +
                    '[role=button], [tabindex]';
function visible(el) { return el.checkVisibility({visibilityProperty: true}); }
function name(el) {
  if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
  const by = el.getAttribute('aria-labelledby');
  if (by) return by.split(' ')
    .map(id => (document.getElementById(id) || {}).textContent || '').join(' ');
  if (el.tagName === 'IMG') return el.getAttribute('alt') || '';
  if (el.labels && el.labels.length) return [...el.labels].map(l => l.textContent).join(' ');
  return (el.textContent || el.value || '').trim();
}
const problems = [];
const controls = [...document.querySelectorAll(interactive)].filter(visible);
for (const el of controls) {
  if (el.tabIndex < 0) problems.push('not focusable: ' + el.outerHTML.slice(0, 120));
  if (!name(el).trim()) problems.push('no name: ' + el.outerHTML.slice(0, 120));
}
for (const img of document.querySelectorAll('img')) {
  if (!img.hasAttribute('alt')) problems.push('image without alt: ' + img.outerHTML.slice(0, 120));
}
return {problems: problems, count: controls.filter(el => el.tabIndex >= 0).length,
        lang: document.documentElement.lang, title: document.title};
"""


def check_accessibility(person: Person, path: str) -> None:
    """Every visible control has a name and can take the focus, and pressing Tab visits them
    all (no trap, nothing out of reach); images have alt text; the page has a language and a
    title."""
    found = person.driver.execute_script(A11Y_SCRIPT)
    assert not found["problems"], (path, found["problems"])
    assert found["lang"] == "en" and found["title"], path
    person.driver.execute_script(
        "document.querySelectorAll('[data-a11y]').forEach(e => e.removeAttribute('data-a11y'));"
        "document.addEventListener('focusin', e => { e.target.dataset.a11y = 'visited'; });"
        "document.activeElement.blur(); window.scrollTo(0, 0);"
    )
    tabs = ActionChains(person.driver)
    for _ in range(found["count"] + 5):
        tabs.send_keys(Keys.TAB)
    tabs.perform()
    missed = person.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])]"
        ".filter(el => el.tabIndex >= 0 && el.checkVisibility({visibilityProperty: true}))"
        ".filter(el => el.dataset.a11y !== 'visited').map(el => el.outerHTML.slice(0, 100));",
        "a[href], button, input:not([type=hidden]), select, summary, [role=button], [tabindex]",
    )
    assert not missed, (path, missed)
