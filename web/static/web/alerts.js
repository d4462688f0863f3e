// Turn alerts on every page of a logged-in person (issue 30, W5): the account's event stream
// (GET /api/stream/, docs/events.md) says when a decision of theirs begins (`your_turn`) or a
// game of theirs changes; the page then counts the games waiting for them (GET /api/games/
// ?your_turn=true) and shows the count in the tab's title, "(2) Glory to Rome", and as a badge on
// the favicon (a second static icon: the policy allows no data: image). An optional sound, off
// by default, plays when the count grows; its switch is remembered in localStorage. On the lobby
// the lists are fetched again (web:lobby-lists) so they stay current.
"use strict";
(function () {
  const body = document.body;
  const stream = body.dataset.accountStream;
  if (!stream) return; // not logged in
  const gettext = window.gettext || ((text) => text);
  const title = document.title.replace(/^\(\d+\) /, "");
  const icon = document.getElementById("favicon");
  const icons = { calm: body.dataset.icon, alert: body.dataset.iconAlert };
  const SOUND = "gtr-sound";
  let waiting = null;

  function soundOn() {
    try { return localStorage.getItem(SOUND) === "on"; } catch (_) { return false; }
  }

  // A short chime drawn by the Web Audio API: no file to fetch, nothing inline.
  function chime() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      const audio = new Context();
      const now = audio.currentTime;
      for (const [i, pitch] of [660, 880].entries()) {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = pitch;
        gain.gain.setValueAtTime(0.0001, now + i * 0.18);
        gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.18 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.3);
        tone.connect(gain).connect(audio.destination);
        tone.start(now + i * 0.18);
        tone.stop(now + i * 0.18 + 0.32);
      }
      window.gtrChimes = (window.gtrChimes || 0) + 1; // the tests count them
    } catch (_) { /* no sound: never mind */ }
  }

  function show(count) {
    const grew = waiting !== null && count > waiting;
    waiting = count;
    document.title = count > 0 ? "(" + count + ") " + title : title;
    if (icon) icon.href = count > 0 ? icons.alert : icons.calm;
    body.dataset.waiting = String(count);
    if (grew && soundOn()) chime();
  }

  async function count() {
    try {
      const r = await fetch("/api/games/?your_turn=true&page_size=1", {
        credentials: "same-origin", headers: { Accept: "application/json" },
      });
      if (r.ok) show((await r.json()).count || 0);
    } catch (_) { /* offline: the next event tries again */ }
  }

  async function lobbyLists() {
    const lists = document.getElementById("lobby-lists");
    if (!lists || !body.dataset.lobbyLists) return;
    try {
      const r = await fetch(body.dataset.lobbyLists, { credentials: "same-origin" });
      if (!r.ok) return;
      const holder = document.createElement("div");
      holder.innerHTML = await r.text();
      const fresh = holder.querySelector("#lobby-lists");
      if (!fresh) return;
      // Section by section: one the person is using (a form open or focused) stays as it is,
      // so a refresh never takes what they are typing.
      const busy = (el) => el.querySelector("details[open]") || el.contains(document.activeElement);
      const old = Array.from(lists.children);
      const kept = old.filter(busy);
      if (!kept.length) { lists.replaceWith(fresh); return; }
      const key = (el) => el.getAttribute("aria-labelledby") || el.id || "";
      for (const section of Array.from(fresh.children)) {
        const same = old.find((el) => key(el) && key(el) === key(section));
        if (same && kept.includes(same)) section.replaceWith(same);
      }
      lists.replaceWith(fresh);
    } catch (_) { /* the next event tries again */ }
  }

  // The sound's switch, in the header: off unless the person turned it on.
  function soundSwitch() {
    const nav = document.querySelector("header.site nav");
    if (!nav) return;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link sound-switch";
    b.id = "sound-switch";
    const label = () => {
      b.textContent = soundOn() ? gettext("Sound on") : gettext("Sound off");
      b.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    };
    b.title = gettext("A sound when it is your turn");
    b.onclick = () => {
      try { localStorage.setItem(SOUND, soundOn() ? "off" : "on"); } catch (_) { /* none */ }
      label();
      if (soundOn()) chime(); // and it lets the browser play sound later
    };
    label();
    nav.insertBefore(b, nav.querySelector(".language-switch"));
  }

  soundSwitch();
  count();
  if (!window.EventSource) return;
  const source = new EventSource(stream, { withCredentials: true });
  source.onmessage = () => {
    count();
    lobbyLists();
  };
  // A page being left closes its stream at once: a browser keeps six connections to a server,
  // and a stream left to close by itself holds one while the next page loads.
  window.addEventListener("pagehide", () => source.close());
})();
