// The offline web app (served as /sw.js, scope /). Every page read is kept, the first one
// too (the page that installed this asks for it); a book saved from the home page is kept
// whole, with the comparisons and table mode of the saved books. A kept page shows at once,
// and is refreshed from the network behind it (a page of a newer build: the page is told, and
// offers it). Pages are kept whatever their interface language (`?ui=` is no part of the
// address they are kept under); a kept page in another interface language than the reader's
// is asked for first. Static files (content-hashed names): kept forever. Offline, a
// citation opens its saved law page, a comparison or table mode of saved books opens from the
// kept page that holds them, and a search matches the words in the saved books' laws.
"use strict";
const BUILD = {{ build|tojson }};
const ASSETS = {{ assets|tojson }};
const STATIC = "lawkb-static-" + BUILD;
const PAGES = "lawkb-pages";
const SLOW = 4000;  // ms: how long a kept page in another interface language waits for the network
const newer = new Map();  // pages whose kept copy was of an older build: their newest build

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((k) => k.startsWith("lawkb-static-") && k !== STATIC).map((k) => caches.delete(k))
  )).then(() => self.clients.claim()));
});

// The address a page is kept under: without `ui`, the form's repeated `langs` as one list.
function keyOf(address) {
  const url = new URL(address);
  const pairs = url.search.slice(1).split("&").filter((p) => p && !p.startsWith("ui="));
  const langs = pairs.filter((p) => p.startsWith("langs=")).map((p) => p.slice(6).replace(/%2C/gi, ","));
  const query = langs.length > 1
    ? [...pairs.filter((p) => !p.startsWith("langs=")), "langs=" + langs.join(",")]
    : pairs;
  return url.origin + url.pathname + (query.length ? "?" + query.join("&") : "");
}

const kept = (key) => caches.match(key, { ignoreVary: true });
const marks = (html) => ({
  ui: (html.match(/<html lang="([^"]+)"/) || [])[1],
  build: (html.match(/data-build="([^"]*)"/) || [])[1],
});

async function keep(key, response) {
  if (response.ok && !response.redirected) await (await caches.open(PAGES)).put(key, response);
}

let chosenUi = null;  // the interface language last asked for by `?ui=` (as its cookie says)
async function readersUi() {
  if (self.cookieStore) {
    try { const cookie = await self.cookieStore.get("ui"); return cookie ? cookie.value : chosenUi; } catch (error) { /* no cookies here */ }
  }
  return chosenUi;
}

async function page(event) {
  const request = event.request;
  const url = new URL(request.url);
  const key = keyOf(request.url);
  const asksUi = url.searchParams.has("ui");
  if (asksUi) chosenUi = url.searchParams.get("ui");
  const copy = await kept(key);
  const html = copy && (copy.headers.get("Content-Type") || "").includes("text/html");
  const was = html ? marks(await copy.clone().text()) : {};
  const wanted = await readersUi();
  const answers = url.pathname === "/search" || url.pathname === "/cite" || url.pathname.startsWith("/api/v1/search");
  const fresher = request.mode !== "navigate" && request.cache === "no-cache";  // saving a book
  if (copy && !answers && !asksUi && !fresher && (!was.ui || !wanted || was.ui === wanted)) {
    event.waitUntil(refresh(request, key, was.build));  // shown at once, refreshed behind it
    return copy;
  }
  const fresh = fetch(request);
  event.waitUntil(fresh.then((response) => keep(key, response.clone())).catch(() => null));
  try {
    if (!copy) return await fresh;
    const late = new Promise((resolve) => setTimeout(resolve, SLOW));
    return (await Promise.race([fresh, late])) || copy;
  } catch (error) {
    return copy || (await offline(url));
  }
}

// A kept page from the network again; its page is told when the build changed.
async function refresh(request, key, build) {
  let response;
  try { response = await fetch(request); } catch (error) { return; }
  if (!response.ok || response.redirected) return;
  await keep(key, response.clone());
  const now = build && marks(await response.text()).build;
  if (!now || now === build) return;
  const readers = (await self.clients.matchAll({ type: "window" })).filter((c) => keyOf(c.url) === key);
  for (const client of readers) client.postMessage({ type: "newer" });
  // and told when a page of it asks showing another build (a reader who reloads the page is
  // still the old page's client when the refresh ends: the message went to the page leaving)
  newer.set(key, now);
}

self.addEventListener("message", (event) => {
  const asked = event.data || {};
  if (asked.type === "newer?" && newer.has(keyOf(asked.url))) {
    const newest = newer.get(keyOf(asked.url));
    if (asked.build === newest) newer.delete(keyOf(asked.url));  // it shows the newest
    else event.source.postMessage({ type: "newer" });
  }
  if (asked.type === "keep") {  // the page that installed this: kept as well
    event.waitUntil(fetch(asked.url).then((r) => keep(keyOf(asked.url), r)).catch(() => null));
  }
});

// A citation typed offline (`/cite?q=Law 12C1(b)&lang=fi`, a unit's `/cite?lang=fi&id=12.C.1.b`):
// its law page, when kept.
async function citeOffline(url) {
  const id = url.searchParams.get("id");
  const query = (url.searchParams.get("q") || "").replace(/\s+/g, "");
  const found = id ? id.match(/^(\d{1,2})((?:\.\w+)*)$/) : query.match(/(\d{1,2})(?:§)?([A-H])?(\d{1,2})?\(?([a-z])?\)?/);
  if (!found) return null;
  const [, number, ...rest] = found;
  const unit = number + rest.join("").replaceAll(".", "");
  const langs = [url.searchParams.get("lang"), ...((await savedLangs()))].filter(Boolean);
  for (const lang of langs) {
    const page = `/${lang}/law/${number}`;
    if (await kept(new Request(page))) return Response.redirect(`${page}#${unit}`, 302);
  }
  return null;
}

async function savedLangs() {
  const cache = await caches.open(PAGES);
  const keys = await cache.keys();
  const langs = keys.map((r) => new URL(r.url).pathname.match(/^\/([a-z0-9-]+)\/law\//)).filter(Boolean);
  return [...new Set(langs.map((m) => m[1]))];
}

// A comparison or table mode not kept as asked: the kept page of that law holding the most of
// the books asked for (every one, if it can); its script shows those.
async function heldView(url) {
  const asked = (url.searchParams.getAll("langs").join(",")).split(",").filter(Boolean);
  const cache = await caches.open(PAGES);
  let best = null;
  let most = -1;
  for (const key of await cache.keys()) {
    const there = new URL(key.url);
    if (there.pathname !== url.pathname || there.searchParams.has("unit")) continue;
    const held = (there.searchParams.get("langs") || "").split(",");
    const count = asked.filter((x) => held.includes(x)).length;
    if (count > most) [best, most] = [key, count];
  }
  return best && cache.match(best);
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

// A search offline: every word of the query in a unit's title or text, over the laws of the
// saved books (their JSON was kept with them), listed under the offline page's message.
async function searchOffline(url) {
  const words = (url.searchParams.get("q") || "").toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const only = url.searchParams.get("lang");
  const page = await kept(new Request("/offline"));
  if (!words.length || !page) return null;
  const cache = await caches.open(PAGES);
  // a book by its address: a language's code, or a document's id (`da-2007`)
  const address = (r) => new URL(r.url).pathname.match(/^\/api\/v1\/laws\/([a-z0-9-]+)\/\d+$/);
  const laws = (await cache.keys()).filter((r) => address(r) && (!only || address(r)[1] === only));
  const hits = [];
  for (const key of laws) {
    const law = await (await cache.match(key)).json();
    for (const unit of law.units) {
      const text = `${unit.title || ""} ${unit.text || ""}`.toLocaleLowerCase();
      if (hits.length < 100 && words.every((w) => text.includes(w))) hits.push([address(key)[1], law.lang, unit]);
    }
  }
  const items = hits.map(([book, lang, unit]) => {
    const href = `/${book}/law/${unit.id.split(".")[0]}#${unit.id.replaceAll(".", "")}`;
    return `<li lang="${lang}"><a href="${href}">${escape(unit.citation || unit.id)} ${escape(unit.title || "")}</a></li>`;
  });
  const list = `<p class="hits-count">${hits.length}</p><ol class="offline-hits">${items.join("")}</ol>`;
  const html = (await page.text()).replace("</main>", `${list}</main>`);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function offline(url) {
  const answer = url.pathname === "/cite" ? await citeOffline(url)
    : url.pathname === "/search" ? await searchOffline(url)
    : /^\/(compare|table)\/[^/]+$/.test(url.pathname) ? await heldView(url) : null;
  if (answer) return answer;
  const page = await kept(new Request("/offline"));
  return page || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

// A static file: kept, else from the network, else (a kept page of an older build: its files
// are gone, from the server too) this build's file of the same name.
const plainName = (url) => new URL(url).pathname.replace(/\.[0-9a-f]{10}(\.\w+)$/, "$1");
async function staticFile(request) {
  const hit = await kept(request);
  if (hit) return hit;
  let response = null;
  try { response = await fetch(request); } catch (error) { /* offline */ }
  if (response && response.ok) return response;
  const cache = await caches.open(STATIC);
  const same = (await cache.keys()).find((r) => plainName(r.url) === plainName(request.url));
  return (same && cache.match(same)) || response || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate" || url.pathname.startsWith("/api/")) {
    event.respondWith(page(event));
  }
});
