// The installed app's service worker (scope "/"): an offline shell and the share target. Kept apart from the zip
// download's worker (/zip-download/sw.js, scope /zip-download/), which keeps answering its own downloads: a page or
// frame under /zip-download/ is that worker's (the longer scope wins).
//
// - Pages: from the network; when it cannot be reached, the last app page saved (the client then says the server
//   cannot be reached, with Retry). /api/ and /zip-download/ are never touched.
// - /assets/ (names carry a content hash, so they never change): left to the browser while online; kept when the page
//   names them (a "keep-assets" message) and answered from the cache when offline.
// - POST /share-target (the manifest's share_target: "Share → Drive" on a phone): the shared files are kept in a
//   cache and the page /receive-share is opened, which asks where to upload them.
const SHELL = "drive-shell-v1";
const SHARED = "drive-shared-files";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      const res = await fetch("/", { credentials: "same-origin" });
      if (!res.ok) return;
      const html = await res.clone().text();
      await cache.put("/", res);
      // The first page's own scripts and styles, so the shell opens offline before anything else was cached.
      const assets = [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|theme-boot\.js|favicon\.svg))"/g)].map(
        (m) => m[1],
      );
      await Promise.all(assets.map((url) => cache.add(url).catch(() => {})));
    })(),
  );
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

async function page(request) {
  try {
    const res = await fetch(request);
    if (res.ok && res.headers.get("Content-Type")?.includes("text/html")) {
      const cache = await caches.open(SHELL);
      await cache.put("/", res.clone());
    }
    return res;
  } catch (error) {
    const shell = await (await caches.open(SHELL)).match("/");
    if (shell) return shell;
    throw error;
  }
}

/** Only when offline: online, asset requests are left to the browser (and to test tools that watch them). */
async function offlineAsset(request) {
  const hit = await (await caches.open(SHELL)).match(request);
  return hit ?? fetch(request);
}

// The page names the scripts and styles it loaded once it is up; they are kept for opening offline.
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type !== "keep-assets" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === "string" && new URL(u).origin === self.location.origin);
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) =>
        Promise.all(
          urls
            .filter((u) => new URL(u).pathname.startsWith("/assets/"))
            .map(async (u) => (await cache.match(u)) ?? cache.add(u).catch(() => {})),
        ),
      ),
  );
});

async function receiveShare(request) {
  const form = await request.formData();
  const files = form.getAll("files").filter((f) => typeof f !== "string");
  const cache = await caches.open(SHARED);
  for (const key of await cache.keys()) await cache.delete(key);
  await Promise.all(
    files.map((file, i) =>
      cache.put(
        `/shared-file/${i}`,
        new Response(file, {
          headers: {
            "Content-Type": file.type || "application/octet-stream",
            "X-File-Name": encodeURIComponent(file.name),
            "X-Last-Modified": String(file.lastModified),
          },
        }),
      ),
    ),
  );
  return Response.redirect("/receive-share", 303);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/share-target" && request.method === "POST") {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== "GET" || url.pathname.startsWith("/api/") || url.pathname.startsWith("/zip-download/")) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/assets/") && self.navigator.onLine === false)
    event.respondWith(offlineAsset(request));
});
