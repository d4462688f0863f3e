// The table script: no rules here. The server draws the table (web/_table.html) and lists the
// viewer's legal actions with their labels (the JSON in #gtr-client); this script shows those
// actions as buttons, lets the player narrow them by selecting cards, posts the chosen action
// to the public API (POST /api/games/{id}/moves/), and swaps in a fresh table when the game moves.
"use strict";
(function () {
  const root = document.getElementById("game");
  if (!root) return;
  const gameId = root.dataset.game;
  const seatToken = root.dataset.seatToken;
  const tableUrl = root.dataset.tableUrl;
  const api = "/api/games/" + gameId + "/";
  const MANY = 8; // a group with more moves than this shows them after cards are selected
  let client = readClient();
  let selected = new Set();
  let busy = false;
  let replaySeq = null; // the move replayed (the replay, below), or null: the live table

  // The script's own words in the page's language: Django's JavaScript catalog (web:jsi18n, loaded
  // before this script) defines gettext, ngettext and interpolate; without it, English.
  const gettext = window.gettext || ((text) => text);
  const ngettext = window.ngettext || ((one, many, n) => (n === 1 ? one : many));
  const interpolate = window.interpolate ||
    ((text, named) => text.replace(/%\((\w+)\)s/g, (_, key) => named[key]));
  const english = (document.documentElement.lang || "en").startsWith("en");

  function words(text, named) {
    return interpolate(text, named, true);
  }

  // Why the API refused: its `detail` is in English, as every client gets it, so an English page
  // quotes it; a page in another language says so in its own words, with the stable error code.
  function why(r, body, englishDefault) {
    if (english) return body.detail || englishDefault || r.statusText;
    return words(gettext("the server refused it (%(code)s)"), { code: body.code || r.status });
  }

  function readClient() {
    const node = document.getElementById("gtr-client");
    return node ? JSON.parse(node.textContent) : { seq: 0, actions: [], your_turn: false };
  }

  function headers() {
    const h = { "Content-Type": "application/json", Accept: "application/json" };
    if (seatToken) h.Authorization = "Seat " + seatToken;
    else {
      const csrf = root.querySelector("input[name=csrfmiddlewaretoken]");
      if (csrf) h["X-CSRFToken"] = csrf.value;
    }
    return h;
  }

  // A notice says what happened to the person's last move; it stays until the game moves on
  // from the table it was shown with (`noticeSeq`), then goes (issue 30, L4).
  let noticeSeq = null;
  function notice(text, kind) {
    const box = document.getElementById("notice");
    box.textContent = text || "";
    box.className = "notice " + (kind || "");
    box.hidden = !text;
    noticeSeq = null;
  }

  // The legal moves: the one place that reads them. The server lists them for this viewer in
  // #gtr-client (web/table.py, client_moves) as {action, label, group, cards}: the action to post
  // back as it is, its label in plain words, its group's heading and the card ids it names.
  function moves() {
    return client.your_turn && replaySeq === null ? client.actions || [] : [];
  }

  // Selecting cards ---------------------------------------------------------------------------

  function selectable() {
    const ids = new Set();
    for (const a of moves()) for (const c of a.cards) ids.add(c);
    return ids;
  }

  function matching() {
    return moves().filter((a) => [...selected].every((c) => a.cards.includes(c)));
  }

  function markCards() {
    const ids = selectable();
    for (const el of document.querySelectorAll("#table [data-card]")) {
      const id = Number(el.dataset.card);
      if (ids.has(id)) {
        el.classList.add("selectable");
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.setAttribute("aria-pressed", selected.has(id) ? "true" : "false");
        el.classList.toggle("selected", selected.has(id));
        el.onclick = () => toggle(id);
        el.onkeydown = (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            toggle(id);
          }
        };
      }
    }
  }

  function toggle(id) {
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    if (matching().length === 0) {
      selected = new Set([id]); // a card that fits no move with the others starts afresh
    }
    render();
    const again = document.querySelector('#table [data-card="' + id + '"].selectable');
    if (again) again.focus();
  }

  // The moves ---------------------------------------------------------------------------------

  function render() {
    markCards();
    slowRender();
    const box = document.getElementById("actions");
    if (!box) return;
    // The moves panel always shows (issue 30, W1): the server wrote whose turn it is in it when
    // it is not the viewer's; the hint on selecting cards only with moves to choose.
    const hint = document.getElementById("selection-hint");
    if (hint) hint.hidden = moves().length === 0;
    box.replaceChildren();
    const shown = matching();
    const groups = new Map();
    for (const a of shown) {
      if (!groups.has(a.group)) groups.set(a.group, new Map());
      const labels = groups.get(a.group);
      if (!labels.has(a.label)) labels.set(a.label, a); // copies of a card: one button
    }
    if (selected.size) {
      const text = ngettext("Clear the selection (%(count)s card)",
        "Clear the selection (%(count)s cards)", selected.size);
      const clear = button(words(text, { count: selected.size }),
        () => { selected.clear(); render(); }, "link");
      box.append(clear);
    }
    for (const [group, labels] of groups) {
      const section = document.createElement("div");
      section.className = "group";
      const h = document.createElement("h3");
      h.textContent = group;
      section.append(h);
      const list = [...labels.values()];
      const many = !selected.size && list.length > MANY && list.some((a) => a.cards.length);
      for (const a of many ? list.slice(0, MANY) : list) {
        section.append(button(a.label, () => play(a.action), "move"));
      }
      if (many) {
        const more = document.createElement("p");
        more.className = "more";
        more.textContent = words(
          gettext("… and %(count)s more: select the cards you want to play to see them."),
          { count: list.length - MANY });
        section.append(more);
      }
      box.append(section);
    }
  }

  function button(text, onclick, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls || "";
    b.textContent = text;
    b.onclick = onclick;
    b.disabled = busy;
    return b;
  }

  async function play(action) {
    if (busy) return;
    busy = true;
    render();
    notice(gettext("Sending your move…"), "info");
    try {
      const r = await fetch(api + "moves/", {
        method: "POST",
        credentials: "same-origin",
        headers: { ...headers(), "Idempotency-Key": crypto.randomUUID ? crypto.randomUUID() : String(Math.random()) },
        body: JSON.stringify({ seq: client.seq, action: action }),
      });
      const body = await r.json().catch(() => ({}));
      if (r.status === 201) {
        notice("");
      } else if (r.status === 409) {
        const moved = gettext("the game moved on.");
        const reason = english || body.code !== "stale_seq" ? why(r, body, moved) : moved;
        notice(words(gettext(
          "Your move was not played: %(reason)s The table below is up to date; choose again."
        ), { reason: reason }), "warn");
      } else {
        const code = english && body.code ? " (" + body.code + ")" : ""; // why() gave it else
        notice(words(gettext("That move is not allowed: %(reason)s"),
          { reason: why(r, body) + code }), "error");
      }
    } catch (e) {
      notice(words(gettext(
        "Your move could not be sent (%(error)s). Check your connection and try again."
      ), { error: e }), "error");
    }
    busy = false;
    await refresh();
    if (!document.getElementById("notice").hidden) noticeSeq = client.seq;
  }

  let refreshing = null;
  // A failed fetch is tried again, soon then more slowly, until one succeeds: the move that
  // asked for it may be the last event for a long while (the person's own turn again).
  let retryDelay = 0;
  let retryTimer = null;
  let askedAgain = false;
  let heard = -1; // the highest seq heard of
  let covered = -1; // every seq heard before the fetch under way began: it shows them

  function refresh(seq) {
    // One refresh at a time; `seq` is the change the asker heard of (undefined: unknown). A
    // second asker may have heard of a change the fetch under way began too early to see (two
    // bot moves in a row; the asker's own move): that refresh is followed by one more, and every
    // asker waits for the last. A change the fetch under way began after hearing of (the other
    // events of the same move) asks for nothing more.
    const known = seq !== null && seq !== undefined;
    if (known) heard = Math.max(heard, seq);
    if (refreshing) {
      if (!known || seq > covered) askedAgain = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        askedAgain = false;
        covered = heard;
        await fetchTable();
      } while (askedAgain);
    })().finally(() => { refreshing = null; });
    return refreshing;
  }

  async function fetchTable() {
    try {
      const address = replaySeq === null ? tableUrl : tableUrl + "?seq=" + replaySeq;
      const r = await fetch(address, { credentials: "same-origin" });
      if (!r.ok) throw new Error(r.status);
      const html = await r.text();
      const holder = document.createElement("div");
      holder.innerHTML = html;
      const data = holder.querySelector("#gtr-client");
      if (data && JSON.parse(data.textContent).status !== root.dataset.status) {
        location.reload(); // started, finished or cancelled: the page around the table changes
        return;
      }
      const fresh = holder.querySelector("#table");
      const old = document.getElementById("table");
      if (fresh && old) {
        localTimes(fresh); // before keepStatus compares the status's words
        keepStatus(old, fresh);
        keepFolds(fresh);
        keepForms(old, fresh);
        old.replaceWith(fresh);
      }
      const before = client;
      client = readClient();
      if (before.seq !== client.seq) selected.clear();
      if (noticeSeq !== null && client.seq > noticeSeq) notice("");
      if (retryDelay) notice(""); // the failure's notice: the table is up to date again
      retryDelay = 0;
    } catch (e) {
      notice(words(gettext("The table could not be refreshed (%(error)s); retrying."),
        { error: e }), "warn");
      retryLater();
    }
    render();
  }

  function retryLater() {
    if (retryTimer) return;
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 1000, 15000);
    retryTimer = setTimeout(() => { retryTimer = null; refresh(); }, retryDelay);
  }

  // The status line is a live region (role=status): a screen reader announces a change of its
  // text, not a new element. So the fresh table gets the old element with the new words.
  function keepStatus(old, fresh) {
    const was = old.querySelector("#status");
    const now = fresh.querySelector("#status");
    if (!was || !now) return;
    if (was.innerHTML !== now.innerHTML) was.innerHTML = now.innerHTML;
    was.className = now.className;
    now.replaceWith(was);
  }

  // The opponents and the supply fold (<details>): open on a desktop, folded on a phone, and
  // as the person left them across the table's refreshes (sessionStorage, per fold).
  const narrow = window.matchMedia("(max-width: 979px)");
  function keepFolds(scope) {
    for (const fold of scope.querySelectorAll("details.fold[id]")) {
      let kept = null;
      try { kept = sessionStorage.getItem("gtr-fold-" + fold.id); } catch (_) { /* no storage */ }
      // A fold marked data-folded (the standing orders) starts folded everywhere.
      fold.open = kept === null ? !narrow.matches && !("folded" in fold.dataset) : kept === "open";
      // Only the person's own choice is kept: a click (or Enter) on the summary. The toggle
      // event would also tell of the page's own opening and folding.
      fold.querySelector("summary").addEventListener("click", () => {
        setTimeout(() => {
          try { sessionStorage.setItem("gtr-fold-" + fold.id, fold.open ? "open" : "closed"); }
          catch (_) { /* no storage */ }
        });
      });
    }
  }

  // The replay (issue 30): the table after any move, as this seat saw it then (the server's
  // web:table?seq=k, from games.services.replay), the story up to that move with it highlighted.
  // Step with the buttons, the slider or the arrow keys; "now" goes back to the live table. While
  // replaying, a change heard on the stream only moves the slider's end.
  const bar = document.getElementById("replay");
  function replayTo(seq) {
    const slider = document.getElementById("replay-seq");
    const last = Math.max(Number(bar.dataset.last), client.last || 0);
    seq = Math.max(0, Math.min(last, seq));
    replaySeq = seq >= last ? null : seq;
    slider.max = String(last);
    slider.value = String(seq);
    const where = document.getElementById("replay-where");
    where.textContent = replaySeq === null
      ? words(gettext("Now: move %(last)s."), { last: last })
      : words(gettext("Replay: the table after move %(seq)s of %(last)s, as you saw it then."),
        { seq: seq, last: last });
    selected.clear();
    return refresh();
  }
  if (bar) {
    const slider = document.getElementById("replay-seq");
    const now = () => (replaySeq === null ? Number(slider.max) : replaySeq);
    for (const b of bar.querySelectorAll("button[data-step]")) {
      b.addEventListener("click", () => {
        const step = b.dataset.step;
        if (step === "first") replayTo(0);
        else if (step === "back") replayTo(now() - 1);
        else if (step === "forward") replayTo(now() + 1);
        else replayTo(Number(slider.max));
      });
    }
    let timer = null;
    slider.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => replayTo(Number(slider.value)), 120);
    });
    document.addEventListener("keydown", (e) => {
      const typing = e.target.closest && e.target.closest("input, select, textarea");
      if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowLeft") { e.preventDefault(); replayTo(now() - 1); }
      else if (e.key === "ArrowRight" && replaySeq !== null) { e.preventDefault(); replayTo(now() + 1); }
    });
  }

  // Slow games (issue 31): pause, takeback and standing orders ----------------------------------
  // The buttons and forms marked data-slow live in the table (web/_slow_*.html), which is redrawn
  // with every change: one listener on the page answers them all. Each calls the public API and
  // then looks at the table again; the API's refusals are shown in words, and the forms keep what
  // was typed into them across redraws (keepForms).

  const SLOW = {
    undo: "undo/", takeback: "takeback/", "takeback-accept": "takeback/accept/",
    "takeback-decline": "takeback/decline/", pause: "pause/", "pause-accept": "pause/accept/",
    "pause-decline": "pause/decline/", resume: "resume/",
  };
  const SLOW_DONE = {
    undo: gettext("Taken back."),
    takeback: gettext("Takeback asked: the others see your request."),
    "takeback-accept": gettext("You accepted the takeback."),
    "takeback-decline": gettext("You declined the takeback."),
    pause: gettext("Pause proposed: the others see your proposal."),
    "pause-accept": gettext("You accepted the pause."),
    "pause-decline": gettext("The pause was declined."),
    resume: gettext("The game is resumed: the clock runs again."),
    orders: gettext("Your standing orders are saved."),
  };
  const ORDER_FIELDS = ["when", "role", "do", "cards", "take", "unless", "prefer"];

  async function send(method, path, data) {
    const r = await fetch(api + path, {
      method: method, credentials: "same-origin", headers: headers(),
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const body = r.status === 204 ? {} : await r.json().catch(() => ({}));
    return { r: r, body: body };
  }

  function slowBody(what, el) {
    if (what === "undo" || what === "takeback") return { seq: client.seq, to: Number(el.dataset.to) };
    if (what !== "pause") return {};
    const until = el.elements.until.value;
    return until ? { until: new Date(until).toISOString() } : {};
  }

  function orderOf(form) {
    const order = {};
    for (const name of ["when", "role", "do", "take", "unless", "prefer"]) {
      const field = form.elements[name];
      if (field && !field.disabled && !field.closest("[hidden]") && field.value) order[name] = field.value;
    }
    const cards = [...form.querySelectorAll("input[name=cards]:checked")].map((c) => Number(c.value));
    if (cards.length) order.cards = cards;
    return order;
  }

  // The orders are replaced as a whole (PUT): the seat's orders now, changed by `change`.
  async function changeOrders(change) {
    const now = await send("GET", "orders/");
    if (!now.r.ok) return now;
    const kept = change(now.body.orders || []).map((o) =>
      Object.fromEntries(ORDER_FIELDS.filter((k) => k in o).map((k) => [k, o[k]])));
    return kept.length ? send("PUT", "orders/", { orders: kept }) : send("DELETE", "orders/");
  }

  async function slowAct(what, el) {
    if (busy) return;
    busy = true;
    for (const b of document.querySelectorAll("#table [data-slow] button, #table button[data-slow]")) b.disabled = true;
    let answer;
    try {
      if (what === "order-add") answer = await changeOrders((list) => [...list, JSON.parse(el.dataset.order)]);
      else if (what === "order-form") answer = await changeOrders((list) => [...list, orderOf(el)]);
      else if (what === "order-remove") answer = await changeOrders((list) => list.filter((o) => o.id !== Number(el.dataset.id)));
      else if (what === "orders-clear") answer = await send("DELETE", "orders/");
      else answer = await send("POST", SLOW[what], slowBody(what, el));
      if (answer.r.ok) {
        // Said for a moment: the table shows what changed, and a pause changes no seq.
        const said = SLOW_DONE[what] || SLOW_DONE.orders;
        notice(said, "info");
        setTimeout(() => {
          if (document.getElementById("notice").textContent === said) notice("");
        }, 6000);
        if (what === "order-form" || what === "pause") el.reset();
      } else {
        const code = english && answer.body.code ? " (" + answer.body.code + ")" : "";
        notice(words(gettext("Not done: %(reason)s"), { reason: why(answer.r, answer.body) + code }), "error");
      }
    } catch (e) {
      notice(words(gettext("It could not be sent (%(error)s). Check your connection and try again."),
        { error: e }), "error");
    }
    busy = false;
    await refresh();
    if (document.getElementById("notice").className.includes("error")) noticeSeq = client.seq;
  }

  document.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("button[data-slow]");
    if (b && root.contains(b)) { e.preventDefault(); slowAct(b.dataset.slow, b); }
  });
  document.addEventListener("submit", (e) => {
    const form = e.target.closest && e.target.closest("form[data-slow]");
    if (form && root.contains(form)) { e.preventDefault(); slowAct(form.dataset.slow, form); }
  });
  document.addEventListener("change", (e) => {
    const form = e.target.closest && e.target.closest("form[data-slow=order-form]");
    if (form) fitOrderForm(form);
  });

  // The order form offers what the chosen decision takes (the API's vocabulary, drawn by the
  // server): a role only where one is led, its actions, "draw or a Jack" only for thinking.
  function fitOrderForm(form) {
    const kind = form.elements.when.selectedOptions[0];
    if (!kind) return;
    form.querySelector(".o-role").hidden = !kind.dataset.role;
    for (const name of ["do", "unless"]) {
      const select = form.elements[name];
      for (const option of select.options) {
        if (!option.dataset.kinds) continue;
        const fits = option.dataset.kinds.split(" ").includes(kind.value);
        option.hidden = !fits;
        option.disabled = !fits;
      }
      if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
        const first = [...select.options].find((o) => !o.disabled);
        select.value = first ? first.value : "";
      }
    }
    form.querySelector(".o-take").hidden = form.elements.do.value !== "think";
  }

  // A redrawn table keeps what the person typed into its forms.
  function keepForms(old, fresh) {
    for (const form of fresh.querySelectorAll("form[data-slow]")) {
      const was = old.querySelector('form[data-slow="' + form.dataset.slow + '"]');
      if (!was) continue;
      for (const field of form.elements) {
        const before = field.name && [...was.elements].find((f) => f.name === field.name &&
          (f.type !== "checkbox" || f.value === field.value));
        if (!before) continue;
        if (field.type === "checkbox") field.checked = before.checked;
        else if (field.tagName !== "BUTTON") field.value = before.value;
      }
      const open = was.closest("details");
      if (open && open.open && form.closest("details")) form.closest("details").open = true;
    }
  }

  // Times in the reader's own zone and language (the server writes them in UTC).
  function localTimes(scope) {
    for (const t of scope.querySelectorAll("time.local")) {
      const when = new Date(t.dateTime);
      if (isNaN(when)) continue;
      t.textContent = when.toLocaleString(document.documentElement.lang || undefined,
        { dateStyle: "medium", timeStyle: "short" });
      t.title = t.dateTime;
    }
  }

  function slowRender() {
    localTimes(document);
    for (const form of document.querySelectorAll("form[data-slow=order-form]")) fitOrderForm(form);
  }

  // Seat controls: resign, surrender, "I'm back" -------------------------------------------------

  for (const form of document.querySelectorAll("form[data-api]")) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const what = form.dataset.api;
      const data = what === "surrender" ? { to: Number(new FormData(form).get("to")) } : {};
      const r = await fetch(api + what + "/", {
        method: "POST", credentials: "same-origin", headers: headers(), body: JSON.stringify(data),
      });
      const body = await r.json().catch(() => ({}));
      if (r.ok) location.reload();
      else notice(why(r, body), "error");
    });
  }

  // Live updates: the ONE place that hears the game change. `listen` calls `changed(seq)` with
  // the game's new seq (null: unknown, look again), and `changed` fetches the table again. The
  // page carries the game's event stream (data-events-url, from web.lobby.events_url): an
  // EventSource hears it, resuming after the last event it saw when it reconnects; without a
  // stream address or EventSource, or once the stream is refused or closed for good, the long
  // poll hears (GET /api/games/{id}/wait/). ------------------------------------------------------

  function listen(changed) {
    if (client.status === "finished" || client.status === "cancelled") return;
    const url = root.dataset.eventsUrl;
    if (url && window.EventSource) stream(url, changed);
    else longPoll(changed);
  }

  function changed(seq) {
    if (seq === null || seq === undefined || seq > client.seq) return refresh(seq);
    return refreshing;
  }

  // A page being left (a reload when the game starts or ends) closes its stream: no fallback then.
  let leaving = false;
  window.addEventListener("beforeunload", () => { leaving = true; });
  window.addEventListener("pagehide", () => { leaving = true; });

  // The events of a move (docs/events.md) carry the game's new seq; the others (a seat taken or
  // given up, the start, a resignation, a surrender offered) change the page at the same seq.
  const MOVE_EVENTS = new Set(["action", "drew", "resolved", "completed", "turn_end", "decision", "game_over"]);

  function stream(url, changed) {
    // EventSource sends no Authorization header, only the session cookie: an account's stream
    // is its seat's; a seat-token visitor's (an invitation link, no account) is a spectator's,
    // which tells of every change all the same. Only an event's type and seq are read here;
    // the table itself comes from the page's own fetch, as that seat.
    // The address resumes after the page's last event, so nothing is missed while it loads.
    const source = new EventSource(url, { withCredentials: true });
    source.onmessage = (ev) => {
      let event = {};
      try { event = JSON.parse(ev.data); } catch (_) { /* not JSON: just look again */ }
      document.dispatchEvent(new CustomEvent("gtr:event", { detail: event })); // chat.js hears
      changed(MOVE_EVENTS.has(event.type) ? event.seq : null);
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && !leaving) longPoll(changed);
    };
    // Closed at once when the page is left, so the next page does not wait for a connection
    // (a browser keeps six to a server; alerts.js holds one for the account's stream).
    window.addEventListener("pagehide", () => source.close());
  }

  async function longPoll(changed) {
    for (;;) {
      if (client.status === "finished" || client.status === "cancelled") return;
      try {
        const r = await fetch(api + "wait/?timeout=25&seq=" + client.seq, {
          credentials: "same-origin", headers: headers(),
        });
        if (r.status === 200) {
          const g = await r.json();
          if (g.status !== root.dataset.status) { location.reload(); return; }
          if (refreshing) await refreshing;
          await changed(g.seq);
        } else if (r.status !== 204) {
          await new Promise((ok) => setTimeout(ok, 5000));
        }
      } catch (e) {
        await new Promise((ok) => setTimeout(ok, 5000));
      }
    }
  }

  // While the page is open the person is looking: turns come here, not by mail.
  function heartbeat() {
    if (client.status !== "active" || client.my_seat === null) return;
    const csrf = root.querySelector("input[name=csrfmiddlewaretoken]");
    const h = csrf ? { "X-CSRFToken": csrf.value } : {};
    fetch(root.dataset.hereUrl, { method: "POST", credentials: "same-origin", headers: h })
      .catch(() => {});
  }
  setInterval(heartbeat, 30000);

  // Someone changed #gtr-client in place (a debugging console, a test): show what it says now.
  document.addEventListener("gtr:reread", () => { client = readClient(); render(); });

  keepFolds(document);
  render();
  listen(changed);
})();
