// The create-game form: show the seat rows of the chosen player count, and for each seat only
// the fields its kind needs; the playing hours only with a clock. Without this script every
// field shows, and the server ignores the rows beyond the player count.
"use strict";
(function () {
  const form = document.getElementById("new-game");
  if (!form) return;
  const players = form.querySelector("[name=players]");
  function update() {
    const n = Number(players.value);
    for (const row of form.querySelectorAll(".seat-row")) {
      row.hidden = Number(row.dataset.seat) >= n;
      const kind = row.querySelector("select[name$=_kind]").value;
      row.querySelector(".seat-email").hidden = kind !== "invited";
      row.querySelector(".seat-bot").hidden = kind !== "bot";
      row.querySelector(".seat-account").hidden = kind !== "bot_account";
    }
    // Issue 31: playing hours with a clock only; their details once asked for; the table's
    // zone only for a window fixed for the table. A field with an error always shows.
    const hours = document.getElementById("playing-hours");
    if (!hours) return;
    const clocked = form.querySelector("[name=clock]").value !== "none";
    const wanted = form.querySelector("[name=hours_on]").checked;
    const failed = hours.querySelector(".error") !== null;
    hours.hidden = !clocked && !failed;
    for (const part of hours.querySelectorAll(".hours-detail")) part.hidden = !wanted && !failed;
    const fixed = form.querySelector("[name=hours_zone]").value === "fixed";
    hours.querySelector(".hours-fixed").hidden = !(wanted && fixed) && !failed;
  }
  form.addEventListener("change", update);
  update();
})();
