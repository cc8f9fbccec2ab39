// Comfort only: the site works without JavaScript (offline use and copying need it).
"use strict";

// A citation ends with the unit's address: made absolute here, as the page is read.
const absolute = (text) => text.replace(/(^|\s)(\/\S*)$/, (all, space, path) => space + new URL(path, location.href).href);

async function copy(text, button) {
  try { await navigator.clipboard.writeText(text); } catch (error) {
    const area = document.createElement("textarea");
    area.value = text; document.body.append(area); area.select(); document.execCommand("copy"); area.remove();
  }
  button.dataset.done = "1";
  button.textContent = "✓";
}

function copyButtons() {
  for (const button of document.querySelectorAll("button.copy")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const area = button.parentElement.querySelector("textarea");
      if (area) return copy(absolute(area.value), button);
      // On a law page the citation is built on demand by the API, not repeated in the page.
      const response = await fetch(`/api/v1/units/${button.dataset.lang}/${button.dataset.id}`);
      if (!response.ok) return;
      const unit = await response.json();
      const style = document.documentElement.lang === button.dataset.lang ? "national" : "international";
      await copy(absolute(unit.citations[style]), button);
    });
  }
}

// Where a cross-reference points, on hover and keyboard focus (not on a tap: a tap follows).
function previews() {
  let tip = null;
  const hide = () => { if (tip) { tip.remove(); tip = null; } };
  const show = async (link) => {
    const lang = new URL(link.href, location.href).pathname.split("/")[1];
    const id = link.dataset.target;
    if (!id || !lang) return;
    const response = await fetch(`/api/v1/units/${lang}/${id}`);
    if (!response.ok) return;
    const unit = await response.json();
    hide();
    tip = document.createElement("div");
    tip.className = "xref-tip";
    tip.setAttribute("role", "tooltip");
    tip.lang = lang;
    const head = document.createElement("strong");
    head.textContent = `${unit.citation || unit.id} ${unit.title || ""}`;
    const body = document.createElement("p");
    const text = unit.full_text || unit.text || "";
    body.textContent = text.length > 320 ? text.slice(0, text.lastIndexOf(" ", 320)) + " …" : text;
    tip.append(head, body);
    document.body.append(tip);
    const box = link.getBoundingClientRect();
    const width = tip.offsetWidth;
    const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    const below = box.bottom + tip.offsetHeight + 8 < window.innerHeight;
    tip.style.left = `${window.scrollX + left}px`;
    tip.style.top = `${window.scrollY + (below ? box.bottom + 6 : box.top - tip.offsetHeight - 6)}px`;
  };
  const hover = window.matchMedia("(hover: hover)").matches;
  for (const link of document.querySelectorAll("a.xref")) {
    if (hover) { link.addEventListener("mouseenter", () => show(link)); link.addEventListener("mouseleave", hide); }
    link.addEventListener("focus", () => show(link));
    link.addEventListener("blur", hide);
  }
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
}

// The law page's sticky bar names the unit in view.
function unitInView() {
  const now = document.querySelector(".lawbar .unit-now");
  if (!now || !("IntersectionObserver" in window)) return;
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) now.textContent = entry.target.dataset.cite ? `· ${entry.target.dataset.cite}` : "";
  }, { rootMargin: "-56px 0px -85% 0px" });  // just under the sticky bar
  for (const unit of document.querySelectorAll(".unit[data-cite]:not(.law)")) seen.observe(unit);
}

// Offline: the service worker, and saving a whole book (or all books) in one tap.
async function offline() {
  if (!("serviceWorker" in navigator)) return;
  try { await navigator.serviceWorker.register("/sw.js"); } catch (error) { return; }
  const box = document.querySelector(".offline-save");
  if (!box) return;
  box.hidden = false;
  const status = box.querySelector(".save-status");
  for (const button of box.querySelectorAll("button.save-book")) {
    button.addEventListener("click", async () => {
      const cache = await caches.open("lawkb-pages");
      const urls = ["/"];
      for (const lang of button.dataset.langs.split(",")) {
        const laws = await (await fetch(`/api/v1/laws?lang=${lang}`)).json();
        urls.push(`/?lang=${lang}`, `/${lang}/definitions`);
        for (const law of laws.laws) urls.push(`/${lang}/law/${law.number}`, `/api/v1/laws/${lang}/${law.number}`);
      }
      let done = 0;
      for (let at = 0; at < urls.length; at += 8) {
        await Promise.all(urls.slice(at, at + 8).map(async (url) => {
          try { const r = await fetch(url); if (r.ok) await cache.put(url, r); } catch (error) { /* kept for the next tap */ }
          done += 1;
        }));
        status.textContent = `${done} / ${urls.length}`;
      }
      status.textContent = `✓ ${done} / ${urls.length}`;
      button.dataset.done = "1";
    });
  }
}

// Print: the address and the day it was printed.
function printing() {
  window.addEventListener("beforeprint", () => {
    for (const el of document.querySelectorAll(".print-url")) el.textContent = new URL(el.dataset.path, location.href).href;
    for (const el of document.querySelectorAll(".print-date")) el.textContent = new Date().toISOString().slice(0, 10);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  copyButtons();
  previews();
  unitInView();
  printing();
  offline();
  // Keyboard: "/" focuses the search box.
  document.addEventListener("keydown", (event) => {
    const box = document.getElementById("q");
    if (event.key === "/" && box && !["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) {
      event.preventDefault();
      box.focus();
    }
  });
});
