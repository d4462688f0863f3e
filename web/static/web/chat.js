// The table's chat and the seat's private note (web/_chat.html, docs/chat.md). Everything goes
// through the public API (GET/POST /api/games/{id}/chat/, .../note/); every line is set with
// textContent, never as HTML. New lines come when the game's stream tells of them (table.js
// passes each event on as `gtr:event`), and by a slow poll besides (a finished game has no
// stream, a long poll carries no events).
"use strict";
(function () {
  const root = document.getElementById("game");
  const panel = document.getElementById("chat");
  if (!root || !panel) return;
  const api = "/api/games/" + root.dataset.game + "/";
  const list = document.getElementById("chat-lines");
  const empty = panel.querySelector(".chat-empty");
  const errorBox = panel.querySelector(".chat-error");
  const gettext = window.gettext || ((text) => text);
  const interpolate = window.interpolate ||
    ((text, named) => text.replace(/%\((\w+)\)s/g, (_, key) => named[key]));
  const POLL_MS = 20000;
  let channel = "players";
  let last = 0; // the newest line shown of the channel
  let busy = null;
  let mine = panel.dataset.author || null; // this reader's author key: no mute button on theirs

  function headers() {
    const h = { "Content-Type": "application/json", Accept: "application/json" };
    if (root.dataset.seatToken) h.Authorization = "Seat " + root.dataset.seatToken;
    else {
      const csrf = root.querySelector("input[name=csrfmiddlewaretoken]");
      if (csrf) h["X-CSRFToken"] = csrf.value;
    }
    return h;
  }

  function call(method, path, body) {
    return fetch(api + path, {
      method, credentials: "same-origin", headers: headers(),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function time(iso) {
    const d = new Date(iso);
    return isNaN(d) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function line(m) {
    const li = document.createElement("li");
    li.dataset.id = m.id;
    li.dataset.author = m.author;
    const when = document.createElement("time");
    when.dateTime = m.time;
    when.textContent = time(m.time);
    const who = document.createElement("strong");
    who.textContent = m.name;
    const text = document.createElement("span");
    text.className = "text";
    if (m.hidden) {
      li.classList.add("hidden-line");
      text.textContent = gettext("(hidden by a moderator)");
    } else {
      text.textContent = m.text;
    }
    li.append(when, " ", who, " ", text);
    if (mine && mine.startsWith("seat:") && (m.mentions || []).includes(Number(mine.slice(5)))) {
      li.classList.add("mention"); // a line that names this reader's seat
    }
    if (!m.hidden && m.author !== mine) li.append(" ", muteButton(m));
    if (!m.hidden && m.author !== mine && panel.dataset.account) li.append(" ", reportButton(m));
    if (!m.hidden && panel.dataset.staff) li.append(" ", hideButton(m));
    return li;
  }

  function muteButton(m) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link mute";
    b.textContent = gettext("mute");
    b.title = interpolate(gettext("Hide %(name)s's lines from you"), { name: m.name }, true);
    b.addEventListener("click", async () => {
      const r = await call("POST", "chat/mute/", { author: m.author });
      if (r.ok) reload(); else shout(r);
    });
    return b;
  }

  // A report goes to staff (POST /api/reports/, docs/api.md, People): it needs an account.
  function reportButton(m) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link report";
    b.textContent = gettext("report");
    b.title = interpolate(gettext("Report %(name)s's line to the moderators"), { name: m.name }, true);
    b.addEventListener("click", async () => {
      if (!window.confirm(gettext("Report this line to the moderators as abuse?"))) return;
      const r = await fetch("/api/reports/", {
        method: "POST", credentials: "same-origin", headers: headers(),
        body: JSON.stringify({ game: Number(root.dataset.game), message: m.id, reason: "abuse" }),
      });
      if (!r.ok) { shout(r); return; }
      b.textContent = gettext("reported");
      b.disabled = true;
    });
    return b;
  }

  function hideButton(m) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link hide";
    b.textContent = gettext("hide");
    b.addEventListener("click", async () => {
      const r = await call("POST", "chat/" + m.id + "/hide/");
      if (r.ok) reload(); else shout(r);
    });
    return b;
  }

  async function shout(r) {
    let body = {};
    try { body = await r.json(); } catch (_) { /* not JSON */ }
    errorBox.textContent = body.detail || r.statusText;
    errorBox.hidden = false;
  }

  function unread(counts) {
    for (const tab of panel.querySelectorAll("[role=tab]")) {
      const n = tab.dataset.channel === channel ? 0 : counts[tab.dataset.channel] || 0;
      const badge = tab.querySelector(".unread");
      badge.textContent = n ? String(n) : "";
      badge.hidden = !n;
    }
  }

  // Fetches the lines after the last shown (all of them after a reset), marks them read.
  function fetchLines() {
    if (busy) return busy;
    busy = (async () => {
      try {
        const before = last;
        let more = true;
        while (more) {
          const r = await call("GET", "chat/?channel=" + channel + "&after=" + last);
          if (!r.ok) return;
          const page = await r.json();
          for (const m of page.messages) { list.append(line(m)); last = m.id; }
          more = page.more;
          unread(page.unread);
        }
        empty.hidden = list.children.length > 0;
        list.scrollTop = list.scrollHeight;
        if (last > before && !document.hidden) {
          call("POST", "chat/read/", { channel, last }).catch(() => {});
        }
      } catch (_) { /* offline: the next poll tries again */ }
      finally { busy = null; }
    })();
    return busy;
  }

  function reload() {
    list.replaceChildren();
    last = 0;
    errorBox.hidden = true;
    return fetchLines();
  }

  for (const tab of panel.querySelectorAll("[role=tab]")) {
    tab.addEventListener("click", () => {
      channel = tab.dataset.channel;
      for (const t of panel.querySelectorAll("[role=tab]")) {
        t.setAttribute("aria-selected", String(t === tab));
      }
      reload();
    });
  }

  const form = document.getElementById("chat-say");
  if (form) {
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const input = form.elements.text;
      const text = input.value.trim();
      if (!text) return;
      const r = await call("POST", "chat/", { text });
      if (r.ok || r.status === 201) {
        const said = await r.json();
        mine = said.author;
        input.value = "";
        errorBox.hidden = true;
        if (said.channel !== channel) {
          panel.querySelector('[data-channel="' + said.channel + '"]')?.click();
        } else fetchLines();
      } else shout(r);
    });
  }

  // The game's stream, passed on by table.js: a line said or hidden.
  document.addEventListener("gtr:event", (ev) => {
    const e = ev.detail || {};
    if (e.type === "chat_hidden") reload();
    else if (e.type === "chat") fetchLines();
  });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) fetchLines(); });
  setInterval(fetchLines, POLL_MS);

  // The private note ----------------------------------------------------------------------
  const note = document.getElementById("note-text");
  if (note) {
    const status = panel.querySelector(".note-status");
    call("GET", "note/").then((r) => (r.ok ? r.json() : null)).then((n) => {
      if (n) {
        note.value = n.text;
        if (n.text) document.getElementById("note").open = true;
      }
    }).catch(() => {});
    document.getElementById("note-save").addEventListener("click", async () => {
      const r = await call("PUT", "note/", { text: note.value });
      status.textContent = r.ok ? gettext("Saved.") : gettext("Not saved.");
      if (!r.ok) shout(r);
    });
  }

  fetchLines();
})();
