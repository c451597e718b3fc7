// The score sheets' service worker (served as /sheets-sw.js, controlling /sheets and /sheets/...):
// once a sheet page has been loaded it opens again without a connection. Every GET of a page or a
// static file goes to the network first and its answer is kept; when the network fails, the kept
// answer is given instead. The API is never answered from here: sheets.js keeps the last sheet the
// server answered and the rows typed offline, and sends those when the server can be reached.
const CACHE = "sparrow-sheets-v1";
const SHELL = ["/sheets", "/static/style.css", "/static/sheets.css", "/static/sheets.js", "/static/api.js", "/static/site.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("sparrow-sheets-") && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function kept(url) {
  return url.pathname.startsWith("/static/") || url.pathname === "/sheets" || url.pathname.startsWith("/sheets/");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || !kept(url)) return;
  event.respondWith(
    fetch(request)
      .then((answer) => {
        if (answer.ok) {
          const copy = answer.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return answer;
      })
      .catch(() => caches.match(request, { ignoreSearch: url.pathname.startsWith("/static/") }).then((found) => found || Response.error())),
  );
});
