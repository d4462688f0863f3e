// The site's menu on a phone: the header's links fold behind one button, so the page starts
// near the top of the screen rather than five lines down. Without this script every link
// shows, as on a desktop (site.css folds only a header marked `foldable`).
(function () {
  const header = document.querySelector("header.site");
  const button = document.getElementById("menu-toggle");
  if (!header || !button) return;
  header.classList.add("foldable");
  button.hidden = false;
  button.addEventListener("click", () => {
    const open = header.classList.toggle("open");
    button.setAttribute("aria-expanded", open ? "true" : "false");
  });
})();
