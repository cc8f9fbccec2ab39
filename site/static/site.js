// Comfort only: the site works without JavaScript (offline use and copying need it).
"use strict";

const PAGES = "lawkb-pages";  // the offline web app's kept pages (sw.js)
const SAVED = "lawkb-saved";  // what was saved, when, and how large (`savedState`)

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

// A page kept for every reader chooses no book to search: the one this reader chose last
// (the `search_book` cookie the search sets) is selected here.
function chosenBook() {
  const scope = document.getElementById("scope");
  const chosen = document.cookie.match(/(?:^|;\s*)search_book=([^;]*)/);
  if (!scope || !chosen || scope.value !== "") return;
  const option = [...scope.options].find((o) => o.value === decodeURIComponent(chosen[1]));
  if (option) scope.value = option.value;
}

// A static site writes the blocks many of its pages repeat once (kb/web/static_shared.py):
// each put back in its place, with its page's own values.
function sharedBlocks() {
  if (!window.LAWKB_SHARED) return;
  for (const spot of document.querySelectorAll("[data-shared]")) {
    spot.outerHTML = LAWKB_SHARED[spot.dataset.shared].replace(/\{(law|book)\}/g, (all, key) => spot.dataset[key]);
  }
}

// A static site's law page writes its units' tools menu once (kb/web/static_tools.py): each
// unit's is built here from the page's template and the unit's own attributes.
function unitTools() {
  const shape = document.getElementById("unit-tools");
  if (!shape) return;
  const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  for (const unit of document.querySelectorAll("article.law > section[data-i]")) {
    const p = unit.classList.contains("law") ? "" : `#${unit.id}`;  // (the law's own: its page)
    const values = { p, c: escape(unit.dataset.cite), i: unit.dataset.i, r: unit.dataset.r || unit.id, b: "" };
    unit.insertAdjacentHTML("afterbegin", shape.innerHTML.replace(/\{([cpirb])\}/g, (all, key) => values[key]));
    const cited = unit.querySelector(":scope > .cited-by");
    if (cited) { cited.hidden = false; unit.querySelector(":scope > details.tools .menu").append(cited); }
  }
}

// A static site's coverage table writes its rows as their shapes and numbers
// (kb/web/static_tools.py `packed_rows`): built here.
function packedRows() {
  for (const body of document.querySelectorAll("tbody[data-rows]")) {
    const [shapes, rows] = JSON.parse(body.dataset.rows);
    body.innerHTML = rows.map(([shape, ...numbers]) => shapes[shape].split("\0")
      .map((text, n) => (n ? numbers[n - 1] : "") + text).join("")).join("");
  }
}

// A unit's citation on a static site, from its law's file (units/<law>.js, which hands the
// law to LAWKB_UNITS; kb/web/static_views.py `citation`): the wording written once in it.
function fileCitation(units, book, id, style) {
  return new Promise((resolve) => {
    window.LAWKB_UNITS = (law) => {
      const unit = law.cites[book][id];
      const own = (u) => law.cites[book][u].own;
      const text = unit[style].replace("\0", unit.wording ?? unit.family.map(own).filter(Boolean).join("\n"));
      // its address: the unit on this page (the law's own: the page)
      const here = location.href.split("#")[0] + (id.includes(".") ? `#${id.replaceAll(".", "")}` : "");
      resolve(text.replace(/(\s)\/\S*$/, `$1${here}`));
    };
    const script = document.createElement("script");
    script.src = `${units}/${id.split(".")[0]}.js`;
    document.body.append(script);
  });
}

function copyButtons() {
  for (const button of document.querySelectorAll("button.copy")) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const area = button.parentElement.querySelector("textarea");
      if (area) return copy(absolute(area.value), button);
      // On a law page the citation is built on demand by the API, not repeated in the page;
      // a static site has no API: its law's file holds it.
      const style = document.documentElement.lang === button.dataset.lang ? "national" : "international";
      const units = document.body.dataset.units;
      if (units) return copy(absolute(await fileCitation(units, button.dataset.lang, button.dataset.id, style)), button);
      const response = await fetch(`/api/v1/units/${button.dataset.lang}/${button.dataset.id}`);
      if (!response.ok) return;
      const unit = await response.json();
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

// The unit in view, under the sticky bar: a law page's units, a comparison's or table mode's
// rows. Its sticky bar names it, and the links to the same law elsewhere (another book, the
// comparison, table mode, the interface in another language) carry it, so the place is kept.
function unitInView() {
  const units = [...document.querySelectorAll("article.law > .unit[id], table.compare tbody tr[id], .tm-row[id]")];
  const now = document.querySelector(".lawbar .unit-now, .rowbar .unit-now");
  if (!units.length || !now) return;
  const maps = JSON.parse(document.querySelector("[data-maps]")?.dataset.maps || "{}");
  // Where a link to another page of this law lands for a unit: on a law page, the maps the
  // page brings (`kb/web/pages/reading.py` `unit_maps`); on a comparison, the unit's own
  // cell in that book's column (`data-follow` names the book); else the same anchor.
  const target = (follow, unit) => {
    if (!unit || unit.classList.contains("law")) return "";  // the law's top: no anchor
    const here = unit.id;
    if (!follow) return here;
    if (maps[follow]) return maps[follow][here] || here;
    const cell = unit.querySelector(`[data-doc="${follow}"] .cell[id]`);
    return cell ? cell.id.slice(follow.length + 1) : here;
  };
  // The bar names the unit in view; the links carry the last unit read (a reader scrolls
  // up to the strip or the header to follow them).
  const follow = (unit) => {
    now.textContent = unit && !unit.classList.contains("law") ? (unit.dataset.cite || unit.id) : "";
    if (!unit) return;
    for (const link of document.querySelectorAll("a[data-follow]")) link.hash = target(link.dataset.follow, unit);
    for (const link of document.querySelectorAll(".ui-langs a")) link.hash = target("", unit);
    const form = document.querySelector("form.tm-controls");
    if (form) form.action = form.action.split("#")[0] + (unit ? `#${target("", unit)}` : "");
  };
  // A unit is in view once its top reaches the line a jump to it puts it on (its scroll
  // margin, under the sticky bars), the last such unit found by halving the list.
  let live = [];
  let current;
  let queued = false;
  const measure = () => { live = units.filter((u) => u.getClientRects().length); };
  const update = () => {
    queued = false;
    if (!live.length) return;
    const line = parseFloat(getComputedStyle(live[0]).scrollMarginTop) + 2;
    let [low, high, at] = [0, live.length - 1, -1];
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (live[mid].getBoundingClientRect().top <= line) { at = mid; low = mid + 1; } else high = mid - 1;
    }
    let unit = at >= 0 ? live[at] : null;
    // At the end of the page, the unit its address names (it cannot reach the line).
    const named = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    if (end && live.includes(named) && named.getBoundingClientRect().top >= line) unit = named;
    if (unit !== current) { current = unit; follow(unit); }
  };
  const soon = () => { if (!queued) { queued = true; requestAnimationFrame(update); } };
  window.addEventListener("scroll", soon, { passive: true });
  window.addEventListener("resize", () => { measure(); soon(); });
  window.addEventListener("hashchange", soon);
  window.addEventListener("load", soon);
  document.addEventListener("toggle", () => { measure(); soon(); }, true);
  measure();
  update();
}

// A comparison or table mode opened from a page that holds more books than were asked for
// (offline: sw.js `heldView`; a static site's comparison holds every book): the books asked
// for, in their order, and in the links to the page in another interface language; a unit
// asked for alone in table mode, with the units under it; the books asked for not held, named.
function heldBooks() {
  const holder = document.querySelector("table.compare[data-langs], .tm[data-langs]");
  if (!holder) return;
  const table = holder.classList.contains("tm");
  const held = holder.dataset.langs.split(",");
  const query = new URLSearchParams(location.search);
  const asked = [...new Set(query.getAll("langs").flatMap((v) => v.split(",")).filter(Boolean))];
  let shown = asked.filter((x) => held.includes(x));
  if (table) shown = [...shown, ...held.filter((x) => !shown.includes(x))].slice(0, 2);
  const rendered = table ? [...holder.querySelectorAll(".tm-head > [data-doc]:not([hidden])")].map((e) => e.dataset.doc) : held;
  const unit = table && query.get("unit");
  const missing = asked.filter((x) => !held.includes(x));
  if (!shown.length || (shown.join() === rendered.join() && !unit && !missing.length)) return;
  for (const el of document.querySelectorAll("main [data-doc]")) {
    const on = shown.includes(el.dataset.doc);
    if (el.tagName !== "A") { el.hidden = !on; continue; }
    if (!el.closest(".lang-links")) continue;
    const next = on ? shown.filter((x) => x !== el.dataset.doc) : [...shown, el.dataset.doc];
    const rest = el.search.slice(1).split("&").filter((p) => p && !p.startsWith("langs="));
    el.search = "?" + [...rest, `langs=${next.join(",")}`].join("&");  // (a static site's: its law)
    el.firstChild.textContent = (on ? "− " : "+ ") + el.firstChild.textContent.slice(2);
  }
  const order = (parent) => {
    for (const doc of shown) {
      const cell = parent.querySelector(`:scope > [data-doc="${doc}"]`);
      if (cell) parent.append(cell);
    }
  };
  for (const row of holder.querySelectorAll("tbody tr, .tm-head, .tm-row")) {
    if (table) order(row);  // (a comparison keeps its columns in the page's order)
    const inside = !unit || row.dataset.id === unit || (row.dataset.id || "").startsWith(unit + ".") || !row.dataset.id;
    const filled = row.matches(".tm-head") || shown.some((doc) => row.querySelector(`[data-doc="${doc}"] .cell`));
    row.hidden = !(inside && filled);
  }
  for (const link of document.querySelectorAll(".ui-langs a")) {  // this page in another UI
    const rest = link.search.slice(1).split("&").filter((p) => p && !p.startsWith("langs="));
    link.search = "?" + [`langs=${shown.join(",")}`, ...rest].join("&");
  }
  const selects = document.querySelectorAll("form.tm-controls select[name=langs]");
  selects.forEach((select, n) => { if (shown[n]) select.value = shown[n]; });
  const note = document.querySelector(".not-held");
  if (note && missing.length) {
    const names = missing.map((doc) => {
      const named = document.querySelector(`.lang-links a[data-doc="${doc}"], form.tm-controls option[value="${doc}"]`);
      return named ? named.textContent.replace(/^[+−] /, "") : doc;
    });
    note.querySelector("span").textContent = names.join(", ");
    note.hidden = false;
  }
}

// The subject index: a filter as you type, over the entries' words and codes; an entry shows
// with its sub-entries when it matches, a sub-entry under its heading.
function indexFilter() {
  const box = document.getElementById("index-q");
  if (!box) return;
  box.closest(".index-filter").hidden = false;
  const count = document.querySelector(".index-count");
  const fold = (text) => text.toLocaleLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  const own = (li) => fold([...li.childNodes].filter((n) => n.nodeName !== "UL").map((n) => n.textContent).join(" "));
  let tops = null;  // read when first asked: nothing to do while the page loads
  const read = () => [...document.querySelectorAll("ul.subject-index > li")].map((li) => ({
    li, text: own(li), subs: [...li.querySelectorAll(":scope > ul > li")].map((s) => ({ li: s, text: own(s) })),
  }));
  box.addEventListener("input", () => {
    tops ||= read();
    const total = tops.reduce((n, t) => n + 1 + t.subs.length, 0);
    const words = fold(box.value).split(/\s+/).filter(Boolean);
    const has = (text) => words.every((w) => text.includes(w));
    let shown = 0;
    for (const top of tops) {
      const self = has(top.text);
      let any = false;
      for (const sub of top.subs) {
        const on = self || has(sub.text);
        sub.li.hidden = !on;
        any ||= on;
        shown += on;
      }
      top.li.hidden = !(self || any);
      shown += self;
    }
    for (const section of document.querySelectorAll("section.index-letter")) {
      const empty = !section.querySelector("ul.subject-index > li:not([hidden])");
      section.hidden = empty;
      const letter = document.querySelector(`nav.letters a[href="#${section.id}"]`);
      if (letter) letter.hidden = empty;
    }
    count.textContent = words.length ? `${shown} / ${total}` : "";
  });
}

// Menus opened from a summary close on a tap elsewhere, on Escape, and after a jump. A law's
// contents are one of them on a narrow screen; where there is room, they stay open beside it.
function menus() {
  const wide = window.matchMedia("(min-width: 74rem)").matches;
  const dropdowns = "details.ui-menu[open], details.book-menu[open], details.jump[open]" + (wide ? "" : ", nav.toc details[open]");
  const open = () => document.querySelectorAll(dropdowns);
  document.addEventListener("click", (event) => {
    for (const menu of open()) if (!menu.contains(event.target)) menu.open = false;
    const jump = event.target.closest(".jump-list a, nav.toc a");
    if (jump && jump.closest(dropdowns)) jump.closest("details").open = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of open()) { menu.open = false; menu.querySelector("summary").focus(); }
  });
  if (wide) for (const toc of document.querySelectorAll("nav.toc details")) toc.open = true;
}

// -- Offline ----------------------------------------------------------------------------------

const words = () => JSON.parse(document.querySelector("[data-words]")?.dataset.words || "{}");

async function savedState() {
  const kept = await (await caches.open(SAVED)).match("/saved.json");
  return kept ? kept.json() : { books: {}, views: null };
}

async function writeState(state) {
  const body = JSON.stringify(state);
  await (await caches.open(SAVED)).put("/saved.json", new Response(body, { headers: { "Content-Type": "application/json" } }));
}

// Keep a list of addresses (eight at a time); what they weigh, by the address's own test.
async function keepAll(urls, progress) {
  const cache = await caches.open(PAGES);
  let done = 0;
  let bytes = 0;
  let kept = 0;
  for (let at = 0; at < urls.length; at += 8) {
    await Promise.all(urls.slice(at, at + 8).map(async (url) => {
      try {
        const response = await fetch(url, { cache: "no-cache" });  // not a kept copy
        if (response.ok && !response.redirected) {
          bytes += (await response.clone().blob()).size;
          await cache.put(url, response);
          kept += 1;
        }
      } catch (error) { /* kept for the next try */ }
      done += 1;
    }));
    progress(done);
  }
  return { bytes, kept };
}

// A book's pages: its home, every page of the book its home links to (laws, definitions,
// the subject index, a card's topics), and its laws' JSON (offline search, citations).
async function bookPages(lang) {
  const home = `/?lang=${lang}`;
  const html = await (await fetch(home)).text();
  const doc = new DOMParser().parseFromString(html, "text/html");
  const pages = [...doc.querySelectorAll("main a[href]")]
    .map((a) => new URL(a.getAttribute("href"), location.href))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith(`/${lang}/`) && !u.search)
    .map((u) => u.pathname);
  const laws = pages.filter((p) => /\/law\/[^/]+$/.test(p)).map((p) => p.split("/").pop());
  return { laws, urls: [...new Set([home, ...pages, ...laws.map((n) => `/api/v1/laws/${lang}/${n}`)])] };
}

// The comparisons and table mode of the saved books, one page a law each (the kept page of a
// law shows any of them: sw.js `heldView`), in place of those of the books saved before.
async function saveViews(state, status) {
  const cache = await caches.open(PAGES);
  for (const key of await cache.keys()) {
    if (/^\/(compare|table)\//.test(new URL(key.url).pathname)) await cache.delete(key);
  }
  const langs = Object.keys(state.books);
  state.views = null;
  if (langs.length < 2) return;
  const laws = [...new Set(langs.flatMap((lang) => state.books[lang].laws))];
  const urls = laws.flatMap((n) => [`/compare/${n}?langs=${langs.join(",")}`, `/table/${n}?langs=${langs.join(",")}`]);
  const { bytes, kept } = await keepAll(urls, (done) => { status.textContent = `${done} / ${urls.length}`; });
  state.views = kept ? { langs, pages: kept, bytes } : null;
}

async function saveBooks(langs, status) {
  const state = await savedState();
  const build = document.body.dataset.build;
  if (state.build !== build) state.books = {};  // an older build's pages are saved again
  state.build = build;
  for (const lang of langs) {
    const { laws, urls } = await bookPages(lang);
    const { bytes, kept } = await keepAll(urls, (done) => { status.textContent = `${lang.toUpperCase()} ${done} / ${urls.length}`; });
    state.books[lang] = { laws, pages: kept, bytes, date: new Date().toISOString() };
    await writeState(state);
  }
  await saveViews(state, status);
  await writeState(state);
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
  status.textContent = "✓";
}

async function removeBook(lang, status) {
  const cache = await caches.open(PAGES);
  for (const key of await cache.keys()) {
    const url = new URL(key.url);
    const mine = url.pathname.startsWith(`/${lang}/`) || url.pathname.startsWith(`/api/v1/laws/${lang}/`)
      || (url.pathname === "/" && url.searchParams.get("lang") === lang);
    if (mine) await cache.delete(key);
  }
  const state = await savedState();
  delete state.books[lang];
  await saveViews(state, status);
  await writeState(state);
  status.textContent = "";
}

// What is saved: each book with its size and day, the comparisons of the saved books, the
// space used on the device; a book removed in one tap.
async function showSaved() {
  const box = document.querySelector("details.saved-books");
  if (!box) return;
  const said = words();
  const state = await savedState();
  const langs = Object.keys(state.books);
  box.hidden = !langs.length;
  const ui = document.documentElement.lang;
  const size = (bytes) => new Intl.NumberFormat(ui, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1e6);
  const name = (lang) => (said.names || {})[lang] || lang.toUpperCase();
  const list = box.querySelector(".saved-list");
  const status = box.querySelector(".saved-status");
  list.replaceChildren(...langs.map((lang) => {
    const book = state.books[lang];
    const item = document.createElement("li");
    item.lang = ui;
    const day = new Date(book.date).toLocaleDateString(ui);
    item.textContent = `${name(lang)} · ${size(book.bytes)} · ${day} `;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "quiet";
    remove.textContent = said.remove;
    const whose = document.createElement("span");
    whose.className = "visually-hidden";
    whose.textContent = ` ${name(lang)}`;
    remove.append(whose);
    remove.addEventListener("click", async () => { await removeBook(lang, status); await showSaved(); });
    item.append(remove);
    return item;
  }));
  if (state.views) {
    const item = document.createElement("li");
    item.textContent = `${said.views} (${state.views.langs.map(name).join(", ")}) · ${size(state.views.bytes)}`;
    list.append(item);
  }
  const all = langs.reduce((n, lang) => n + state.books[lang].bytes, state.views ? state.views.bytes : 0);
  box.querySelector(".saved-size").textContent = langs.length ? `${langs.map(name).join(", ")} · ${size(all)}` : "";
  const older = box.querySelector(".saved-older");
  older.hidden = !langs.length || state.build === document.body.dataset.build;
  if (!older.dataset.ready) {
    older.dataset.ready = "1";
    older.querySelector("button").addEventListener("click", async () => {
      await saveBooks(Object.keys((await savedState()).books), status);
      await showSaved();
    });
  }
}

function newerNotice() {
  const note = document.querySelector(".update-note");
  if (!note) return;
  note.querySelector("a").href = location.href;
  note.hidden = false;
}

// The service worker, the page that installed it kept, saving a book (or all) in one tap.
async function offline() {
  if (!("serviceWorker" in navigator)) return;
  try { await navigator.serviceWorker.register("/sw.js"); } catch (error) { return; }
  navigator.serviceWorker.addEventListener("message", (event) => { if ((event.data || {}).type === "newer") newerNotice(); });
  const worker = navigator.serviceWorker.controller;
  if (worker) worker.postMessage({ type: "newer?", url: location.href, build: document.body.dataset.build });
  else (await navigator.serviceWorker.ready).active.postMessage({ type: "keep", url: location.href });
  await showSaved();
  const box = document.querySelector(".offline-save");
  if (!box) return;
  box.hidden = false;
  const status = box.querySelector(".save-status");
  for (const button of box.querySelectorAll("button.save-book")) {
    button.addEventListener("click", async () => {
      await saveBooks(button.dataset.langs.split(","), status);
      button.dataset.done = "1";
      await showSaved();
      document.querySelector("details.saved-books").open = true;
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
  sharedBlocks();
  unitTools();
  packedRows();
  copyButtons();
  previews();
  heldBooks();
  chosenBook();
  menus();
  unitInView();
  indexFilter();
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
