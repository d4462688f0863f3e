// A card's face, larger, with its words beside it (issue 30, W6): on the table and in the card
// gallery, hovering a card (a moment), focusing it with the keyboard or tapping it opens
// #card-preview (a tap on a card that a move uses selects it instead: hover or Tab to read it);
// Escape, the close button, a tap outside or leaving the card closes it. The words are the card's
// alt text, which the server wrote in the reader's language (web/table.py, web/learn.py).
"use strict";
(function () {
  const box = document.getElementById("card-preview");
  if (!box) return;
  const face = document.getElementById("card-preview-face");
  const name = document.getElementById("card-preview-name");
  const text = document.getElementById("card-preview-text");
  const CARD = "img.card";
  let shownFor = null; // the card shown
  let how = null; // "hover", "focus" or "tap": what opened it, so that only its undoing closes it
  let timer = null;
  let quiet = null; // a card given the focus back by Escape: it does not reopen the preview

  function show(card, opener) {
    clearTimeout(timer);
    const alt = card.getAttribute("alt") || "";
    const cut = alt.indexOf(":");
    face.src = card.currentSrc || card.src;
    face.alt = "";
    name.textContent = cut > 0 ? alt.slice(0, cut) : alt;
    text.textContent = cut > 0 ? alt.slice(cut + 1).trim() : "";
    // The close button is for a tap; the keyboard closes with Escape or by moving on, and a
    // pointer by leaving the card.
    document.getElementById("card-preview-close").hidden = opener !== "tap";
    box.classList.toggle("passive", opener === "hover"); // a hover's preview takes no click
    box.hidden = false;
    shownFor = card;
    how = opener;
  }

  function hide() {
    clearTimeout(timer);
    box.hidden = true;
    shownFor = null;
    how = null;
  }

  document.addEventListener("mouseover", (e) => {
    const card = e.target.closest && e.target.closest(CARD);
    if (!card || box.contains(card)) return;
    clearTimeout(timer);
    timer = setTimeout(() => { if (how !== "tap" && how !== "focus") show(card, "hover"); }, 300);
  });
  document.addEventListener("mouseout", (e) => {
    const card = e.target.closest && e.target.closest(CARD);
    if (!card) return;
    clearTimeout(timer);
    if (how === "hover" && shownFor === card) hide();
  });
  document.addEventListener("focusin", (e) => {
    const card = e.target.closest && e.target.closest(CARD);
    if (card && card === quiet) { quiet = null; return; }
    // Only a keyboard's focus (:focus-visible): a click focuses the card too, and a click on a
    // card that a move uses selects it, which must not put a preview over the moves.
    if (card && !box.contains(card) && card.matches(":focus-visible")) show(card, "focus");
  });
  document.addEventListener("focusout", (e) => {
    if (how === "focus" && e.target === shownFor && !box.contains(e.relatedTarget)) hide();
  });
  document.addEventListener("click", (e) => {
    const card = e.target.closest && e.target.closest(CARD);
    if (card && !box.contains(card) && !card.classList.contains("selectable")) show(card, "tap");
    else if (!box.contains(e.target) && !box.hidden) hide();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !box.hidden) {
      const back = shownFor;
      hide();
      if (back && document.contains(back) && document.activeElement !== back) {
        quiet = back;
        back.focus({ preventScroll: true });
      }
    }
  });
  document.getElementById("card-preview-close").addEventListener("click", hide);
  // The table script swaps the table: a card shown that is gone closes its preview.
  new MutationObserver(() => {
    if (shownFor && !document.contains(shownFor)) hide();
  }).observe(document.body, { childList: true, subtree: true });
})();
