// The create-game form: show the seat rows of the chosen player count, and for each seat only
// the fields its kind needs. Without this script every field shows, and the server ignores the
// rows beyond the player count.
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
    }
  }
  form.addEventListener("change", update);
  update();
})();
