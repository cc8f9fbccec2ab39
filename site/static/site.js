// Comfort only: the site works without JavaScript.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // Copy-citation buttons.
  for (const button of document.querySelectorAll("button.copy")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      // A citation ends with the unit's address: made absolute here, as the page is read.
      const text = button.parentElement.querySelector("textarea").value
        .replace(/(^|\s)(\/\S*)$/, (all, space, path) => space + new URL(path, location.href).href);
      try { await navigator.clipboard.writeText(text); } catch (e) {
        const area = button.parentElement.querySelector("textarea"); area.select(); document.execCommand("copy");
      }
      button.dataset.done = "1";
      button.textContent = "✓";
    });
  }
  // Where a cross-reference points, on hover and focus.
  let tip = null;
  const show = async (link) => {
    const url = new URL(link.href, location.href);
    const lang = url.pathname.split("/")[1];
    const id = link.dataset.target;
    if (!id || !lang) return;
    const response = await fetch(`/api/v1/units/${lang}/${id}`);
    if (!response.ok) return;
    const unit = await response.json();
    hide();
    tip = document.createElement("div");
    tip.className = "xref-tip";
    tip.setAttribute("role", "tooltip");
    const head = document.createElement("strong");
    head.textContent = `${unit.citation || unit.id} ${unit.title || ""}`;
    const body = document.createElement("p");
    body.textContent = (unit.text || "").slice(0, 280);
    tip.append(head, body);
    const box = link.getBoundingClientRect();
    tip.style.left = `${window.scrollX + box.left}px`;
    tip.style.top = `${window.scrollY + box.bottom + 4}px`;
    document.body.append(tip);
  };
  const hide = () => { if (tip) { tip.remove(); tip = null; } };
  for (const link of document.querySelectorAll("a.xref")) {
    link.addEventListener("mouseenter", () => show(link));
    link.addEventListener("focus", () => show(link));
    link.addEventListener("mouseleave", hide);
    link.addEventListener("blur", hide);
  }
  // Keyboard: "/" focuses the search box.
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && document.activeElement.tagName !== "INPUT" && document.activeElement.tagName !== "TEXTAREA") {
      event.preventDefault();
      document.getElementById("q").focus();
    }
  });
});
