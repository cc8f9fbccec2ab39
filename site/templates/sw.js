// The offline web app (served as /sw.js, scope /). Pages once read are kept; a book saved
// from the home page is kept whole. Pages and the API: the network first (a rebuild shows at
// once), the kept copy when the network fails or is too slow. Static files (content-hashed
// names): kept forever. Offline, a citation opens its saved law page and a search matches
// the words in the saved books' laws.
"use strict";
const BUILD = {{ build|tojson }};
const ASSETS = {{ assets|tojson }};
const STATIC = "lawkb-static-" + BUILD;
const PAGES = "lawkb-pages";
const SLOW = 6000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((k) => k.startsWith("lawkb-static-") && k !== STATIC).map((k) => caches.delete(k))
  )).then(() => self.clients.claim()));
});

const kept = (request) => caches.match(request, { ignoreVary: true });

async function networkFirst(request) {
  const cache = await caches.open(PAGES);
  const fresh = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
    return response;
  });
  const late = new Promise((resolve) => setTimeout(resolve, SLOW));
  try {
    const first = await Promise.race([fresh, late]);
    if (first) return first;
    return (await kept(request)) || (await fresh);
  } catch (error) {
    return (await kept(request)) || offline(request);
  }
}

// A citation typed offline (`/cite?q=Law 12C1(b)&lang=fi`): its law page, when kept.
async function citeOffline(url) {
  const query = (url.searchParams.get("q") || "").replace(/\s+/g, "");
  const found = query.match(/(\d{1,2})(?:§)?([A-H])?(\d{1,2})?\(?([a-z])?\)?/);
  if (!found) return null;
  const [, number, ...rest] = found;
  const langs = [url.searchParams.get("lang"), ...((await savedLangs()))].filter(Boolean);
  for (const lang of langs) {
    const page = `/${lang}/law/${number}`;
    if (await kept(new Request(page))) return Response.redirect(`${page}#${number}${rest.join("")}`, 302);
  }
  return null;
}

async function savedLangs() {
  const cache = await caches.open(PAGES);
  const keys = await cache.keys();
  const langs = keys.map((r) => new URL(r.url).pathname.match(/^\/([a-z]{2})\/law\//)).filter(Boolean);
  return [...new Set(langs.map((m) => m[1]))];
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

async function offline(request) {
  const url = new URL(request.url);
  const answer = url.pathname === "/cite" ? await citeOffline(url)
    : url.pathname === "/search" ? await searchOffline(url) : null;
  if (answer) return answer;
  const page = await kept(new Request("/offline"));
  return page || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(kept(request).then((hit) => hit || fetch(request)));
  } else if (request.mode === "navigate" || url.pathname.startsWith("/api/")) {
    event.respondWith(networkFirst(request));
  }
});
