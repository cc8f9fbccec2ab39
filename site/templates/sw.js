// The offline web app (served as /sw.js, scope /). Pages once read are kept; a book saved
// from the home page is kept whole. Pages and the API: the network first (a rebuild shows at
// once), the kept copy when the network fails or is too slow. Static files (content-hashed
// names): kept forever.
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

async function offline(request) {
  const url = new URL(request.url);
  if (url.pathname === "/cite") {
    const answer = await citeOffline(url);
    if (answer) return answer;
  }
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
