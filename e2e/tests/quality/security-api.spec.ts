// Security at the HTTP boundary of the real server: ownership, CSRF, cookies, sessions, headers, attempt limits.
import WebSocket from "ws";
import { expect, test, uniquePhone } from "../../fixtures.js";

test.describe("another user's files", () => {
  test("cannot be listed, read, renamed, moved, copied, deleted or shared, by id or by path", async ({
    api,
    newSession,
  }) => {
    const folder = await api.createFolder("secret", "/");
    const file = await api.uploadFile("/secret", "plans.txt", "top secret bytes");
    const fileId = file.id ?? "";
    const folderId = folder.id ?? "";
    expect(fileId).not.toBe("");
    const mallory = await newSession();
    const r = mallory.api.request;
    const ownFolder = await mallory.api.createFolder("mine", "/");
    const ownFile = await mallory.api.uploadFile("/mine", "bait.txt", "mallory");

    // Listing and searching: never Alice's items.
    const byParent = await r.get("/api/files", { params: { parentId: folderId } });
    if (byParent.ok()) expect((await byParent.json()).items).toEqual([]);
    else expect(byParent.status()).toBe(404);
    expect((await mallory.api.list("/secret")).items).toEqual([]);
    const found = await mallory.api.list("/", { operation: "find", query: "plans", deepSearch: true });
    expect(found.items.map((f) => f.name)).not.toContain("plans.txt");

    // Reading metadata and bytes.
    expect((await r.get(`/api/files/${fileId}`)).status()).toBe(404);
    const bytes = await r.get(`/api/files/${fileId}/plans.txt`);
    expect(bytes.status()).toBe(404);
    expect(await bytes.text()).not.toContain("top secret");
    const { hash } = await mallory.api.session();
    expect((await r.get(`/api/files/${fileId}/plans.txt`, { params: { hash } })).status()).toBe(404);

    // Changing it.
    expect((await r.patch(`/api/files/${fileId}`, { data: { name: "pwned.txt" } })).status()).toBe(404);
    expect((await r.patch(`/api/files/${fileId}`, { data: { parentId: ownFolder.id } })).status()).toBe(404);
    expect(
      (await r.post("/api/files/move", { data: { ids: [fileId], destinationParent: ownFolder.id } })).status(),
    ).toBe(404);
    // Nor moving or copying one's own file into Alice's folder.
    expect(
      (await r.post("/api/files/move", { data: { ids: [ownFile.id], destinationParent: folderId } })).status(),
    ).toBe(404);
    expect((await r.post(`/api/files/${fileId}/copy`, { data: { destination: "/mine" } })).status()).toBe(404);
    expect((await r.post(`/api/files/${ownFile.id}/copy`, { data: { destination: folderId } })).status()).toBe(404);
    expect((await r.post("/api/files/delete", { data: { ids: [fileId] } })).status()).toBe(404);
    expect((await r.post("/api/files/delete", { data: { ids: [folderId] } })).status()).toBe(404);
    expect((await r.post(`/api/files/${fileId}/share`, { data: {} })).status()).toBe(404);
    expect((await r.get(`/api/files/${fileId}/share`)).status()).toBe(404);

    // By path: Mallory's "/secret" is her own folder, never Alice's.
    await mallory.api.mkdir("/secret");
    await mallory.api.uploadFile("/secret", "plans.txt", "mallory's plans");

    // Alice still has exactly what she had.
    const after = await api.list("/secret");
    expect(after.items.map((f) => [f.id, f.name])).toEqual([[fileId, "plans.txt"]]);
    expect((await api.download(file)).toString()).toBe("top secret bytes");
    expect((await api.list("/")).items.map((f) => f.name)).toEqual(["secret"]);
  });

  test("a share exposes only what it shares", async ({ api, request }) => {
    await api.mkdir("/public/inner");
    const pub = (await api.list("/")).items.find((f) => f.name === "public");
    const outside = await api.uploadFile("/", "outside.txt", "not shared");
    await api.uploadFile("/public/inner", "inside.txt", "shared");
    const shareId = await api.share(pub?.id ?? "");

    const listed = await request.get(`/api/shares/${shareId}/files`, { params: { path: "/inner" } });
    expect(listed.status()).toBe(200);
    expect((await listed.json()).items.map((f: { name: string }) => f.name)).toEqual(["inside.txt"]);
    for (const path of ["/..", "/../", "/inner/../.."]) {
      const res = await request.get(`/api/shares/${shareId}/files`, { params: { path } });
      const names = res.ok() ? (await res.json()).items.map((f: { name: string }) => f.name) : [];
      expect(names).not.toContain("outside.txt");
    }
    const leaked = await request.get(`/api/shares/${shareId}/files/${outside.id}/outside.txt`);
    expect(leaked.status()).toBe(404);
    expect(await leaked.text()).not.toContain("not shared");
  });

  test("a wrong share password gets 401 every time, then the share refuses to check more", async ({ api, request }) => {
    const file = await api.uploadFile("/", "locked.txt", "locked");
    const shareId = await api.share(file.id ?? "", "right-password");
    const auth = (password: string) => ({ Authorization: Buffer.from(`:${password}`).toString("base64") });

    for (let i = 0; i < 5; i++) {
      const res = await request.get(`/api/shares/${shareId}/files`, { headers: auth(`wrong-${i}`) });
      expect(res.status()).toBe(401);
    }
    // Locked: even the right password is not checked now, so guessing stays limited.
    const locked = await request.get(`/api/shares/${shareId}/files`, { headers: auth("right-password") });
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
    expect((await request.get(`/api/shares/${shareId}/files`)).status()).toBe(401);
  });
});

test.describe("sessions and cookies", () => {
  test("the session cookie is HttpOnly and SameSite", async ({ context, user: _user }) => {
    const cookie = (await context.cookies()).find((c) => c.name === "access_token");
    expect(cookie).toBeDefined();
    expect(cookie?.httpOnly).toBe(true);
    expect(["Lax", "Strict"]).toContain(cookie?.sameSite);
  });

  test("a revoked session stops working at once", async ({ api, user, newSession }) => {
    const second = await newSession(user.phone);
    const secondHash = (await second.api.session()).hash;
    const file = await api.uploadFile("/", "a.txt", "abc");
    expect((await second.api.request.get("/api/files", { params: { path: "/" } })).status()).toBe(200);

    const revoke = await api.request.delete(`/api/users/sessions/${secondHash}`);
    expect(revoke.status()).toBe(204);

    expect((await second.api.request.get("/api/files", { params: { path: "/" } })).status()).toBe(401);
    expect((await second.api.request.get("/api/auth/session")).status()).toBe(204);
    expect(
      (await second.api.request.get(`/api/files/${file.id}/a.txt`, { params: { hash: secondHash } })).status(),
    ).toBe(401);
    // The session that revoked it still works.
    expect((await api.request.get("/api/files", { params: { path: "/" } })).status()).toBe(200);
  });

  test("after logout the old cookie is refused", async ({ context, api, browser, baseURL }) => {
    const token = (await context.cookies()).find((c) => c.name === "access_token");
    expect(token).toBeDefined();
    expect((await api.request.post("/api/auth/logout")).status()).toBe(204);
    const replay = await browser.newContext({ baseURL });
    if (token) await replay.addCookies([token]);
    expect((await replay.request.get("/api/files", { params: { path: "/" } })).status()).toBe(401);
    await replay.close();
  });

  test("state-changing calls from another origin are refused", async ({ api, baseURL }) => {
    const r = api.request;
    const evil = { Origin: "http://evil.example" };
    expect((await r.post("/api/files/mkdir", { data: { path: "/csrf" }, headers: evil })).status()).toBe(403);
    expect(
      (await r.post("/api/files", { data: { name: "x", type: "folder", path: "/" }, headers: evil })).status(),
    ).toBe(403);
    expect((await r.post("/api/auth/logout", { headers: evil })).status()).toBe(403);
    expect((await api.list("/")).items).toEqual([]);
    // Same origin passes.
    expect(
      (await r.post("/api/files/mkdir", { data: { path: "/ok" }, headers: { Origin: baseURL ?? "" } })).status(),
    ).toBe(204);
    // The session survived the refused logout.
    expect((await r.get("/api/auth/session")).status()).toBe(200);
  });

  test("sign-in codes are limited in attempts", async ({ server }) => {
    const phone = uniquePhone();
    const ws = new WebSocket(`${server.baseURL.replace(/^http/, "ws")}/api/auth/ws`);
    const messages: { type?: string; message?: string; payload?: { phoneCodeHash?: string } }[] = [];
    const waiting: ((m: (typeof messages)[number]) => void)[] = [];
    ws.on("message", (d) => {
      const m = JSON.parse(String(d));
      const w = waiting.shift();
      if (w) w(m);
      else messages.push(m);
    });
    const next = () =>
      new Promise<(typeof messages)[number]>((resolve) => {
        const m = messages.shift();
        if (m) resolve(m);
        else waiting.push(resolve);
      });
    await new Promise((resolve) => ws.once("open", resolve));
    ws.send(JSON.stringify({ authType: "phone", message: "sendcode", phoneNo: phone }));
    const phoneCodeHash = (await next()).payload?.phoneCodeHash;
    const code = await server.codeFor(phone);
    const wrong = code === "00000000" ? "11111111" : "00000000";
    const replies = [];
    for (let i = 0; i < 5; i++) {
      ws.send(
        JSON.stringify({ authType: "phone", message: "signin", phoneNo: phone, phoneCode: wrong, phoneCodeHash }),
      );
      replies.push(await next());
    }
    expect(replies.slice(0, 4).map((m) => m.message)).toEqual(Array(4).fill("PHONE_CODE_INVALID"));
    expect(replies[4]?.type).toBe("error");
    // The attempt is over: the right code no longer signs in.
    ws.send(JSON.stringify({ authType: "phone", message: "signin", phoneNo: phone, phoneCode: code, phoneCodeHash }));
    const last = await next();
    expect(last.message).not.toBe("success");
    ws.close();
  });
});

test.describe("headers", () => {
  test("the app's HTML has a Content-Security-Policy without inline scripts", async ({ request }) => {
    for (const path of ["/", "/login", "/my-drive?path=/", "/share/00000000-0000-0000-0000-000000000000"]) {
      const res = await request.get(path);
      expect(res.headers()["content-type"]).toContain("text/html");
      const csp = res.headers()["content-security-policy"] ?? "";
      const directives = new Map(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name, values]),
      );
      const scriptSrc = directives.get("script-src") ?? directives.get("default-src");
      expect(scriptSrc, `script-src of ${path}`).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc?.some((v) => v === "*" || v === "http:" || v === "https:")).toBe(false);
    }
  });

  test("the signed-in app runs under its CSP without violations", async ({ page, user: _user }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto("/my-drive?path=/");
    await expect(page.getByRole("main")).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("main")).toBeVisible();
    expect(violations).toEqual([]);
  });
});
