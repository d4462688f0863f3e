// The opt-in to browser notifications: the header's "Notify me when it is my turn" button
// (docs/web.md, Notifications). Shown only to a person logged in, in a browser that can; it
// asks for the permission only when clicked, registers the service worker (/sw.js), subscribes
// with the server's VAPID key and gives the subscription to the API
// (POST /api/notifications/push/); clicked again, it unsubscribes (DELETE).
"use strict";
(function () {
  const button = document.getElementById("push-toggle");
  if (!button) return;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
  const api = button.dataset.api;
  const off = button.textContent; // the labels, in the page's language, from the page
  const csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
  function headers() {
    const h = { "Content-Type": "application/json", Accept: "application/json" };
    if (csrf) h["X-CSRFToken"] = csrf.value;
    return h;
  }
  function key(base64url) {
    const pad = "=".repeat((4 - (base64url.length % 4)) % 4);
    const raw = atob((base64url + pad).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function show(on) {
    button.dataset.on = on ? "1" : "";
    button.textContent = on ? button.dataset.labelOn : off;
    button.hidden = false;
  }
  function registration() {
    return navigator.serviceWorker.register(button.dataset.worker, { scope: "/" });
  }
  async function subscribe() {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      button.textContent = button.dataset.labelBlocked;
      return;
    }
    const state = await (await fetch(api, { headers: headers(), credentials: "same-origin" })).json();
    const reg = await registration();
    await navigator.serviceWorker.ready;
    // A browser whose push service does not answer (no network, no vendor service) would
    // leave the button waiting for ever: give up after 15 s and say so.
    const late = new Promise(function (resolve, reject) {
      setTimeout(function () { reject(new Error("no answer from the push service")); }, 15000);
    });
    const sub = await Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key(state.public_key) }),
      late,
    ]);
    const r = await fetch(api, {
      method: "POST", headers: headers(), credentials: "same-origin", body: JSON.stringify(sub.toJSON()),
    });
    show(r.ok);
  }
  async function unsubscribe() {
    const reg = await navigator.serviceWorker.getRegistration("/");
    const sub = reg && (await reg.pushManager.getSubscription());
    if (sub) {
      await fetch(api, {
        method: "DELETE", headers: headers(), credentials: "same-origin",
        body: JSON.stringify({ endpoint: sub.endpoint }),
      });
      await sub.unsubscribe();
    }
    show(false);
  }
  button.addEventListener("click", function () {
    button.disabled = true;
    (button.dataset.on ? unsubscribe() : subscribe())
      .catch(function (e) { button.textContent = button.dataset.labelFailed + " " + e; })
      .finally(function () { button.disabled = false; });
  });
  navigator.serviceWorker.getRegistration("/").then(async function (reg) {
    const sub = reg && (await reg.pushManager.getSubscription());
    show(Boolean(sub) && Notification.permission === "granted");
  });
})();
