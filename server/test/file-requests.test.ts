import type { FileRequest, FileRequestPublic } from "@drive/contract";
import { describe, expect, it } from "vitest";
import { tooManyGuessesMessage } from "../src/file-requests/public-routes.js";
import { call, create, type FileListJson, type TestUser } from "./files-api.js";
import { type TestServer, withServerAndTwoUsers } from "./helpers.js";

let server: TestServer;
let owner: TestUser;
let other: TestUser;
withServerAndTwoUsers((started) => {
  ({
    server,
    users: [owner, other],
  } = started);
});

let folders = 0;
async function folder(name = `Inbox ${++folders}`) {
  return create(server, owner, { name, type: "folder", path: "/" });
}

async function request(body: Record<string, unknown>, who: TestUser = owner) {
  const res = await call<FileRequest>(server, who, "POST", "/file-requests", body);
  if (res.status !== 201) throw new Error(`create request: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An anonymous upload through the link, as the public page sends it. */
async function upload(id: string, name: string, bytes: Buffer, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: "POST",
    url: `/api/file-requests/${id}/files?name=${encodeURIComponent(name)}`,
    headers: { "content-type": "application/octet-stream", ...headers },
    payload: bytes,
  });
  return { status: res.statusCode, body: res.json() as { name?: string; size?: number; message?: string } };
}

async function namesIn(folderId: string) {
  const res = await call<FileListJson>(server, owner, "GET", `/files?parentId=${folderId}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.items.map((f) => f.name).sort();
}

describe("file requests", () => {
  it("are advertised in /capabilities", async () => {
    const caps = await call<{ fileRequests?: boolean }>(server, null, "GET", "/capabilities");
    expect(caps.body.fileRequests).toBe(true);
  });

  it("are made, listed with what arrived, and revoked by their owner", async () => {
    const inbox = await folder("Tax papers");
    const made = await request({ folderId: inbox.id, title: "Send me your receipts", maxFiles: 5 });
    expect(made).toMatchObject({
      title: "Send me your receipts",
      folder: { id: inbox.id, name: "Tax papers", path: "/Tax papers" },
      protected: false,
      expired: false,
      maxFiles: 5,
      uploads: 0,
      bytes: 0,
    });
    const info = await call<FileRequestPublic>(server, null, "GET", `/file-requests/${made.id}`);
    expect(info).toEqual({
      status: 200,
      body: { title: "Send me your receipts", folderName: "Tax papers", protected: false, maxFiles: 5, remaining: 5 },
    });

    expect(await upload(made.id, "receipt.pdf", Buffer.from("%PDF receipt"))).toEqual({
      status: 201,
      body: { name: "receipt.pdf", size: 12 },
    });
    const listed = await call<{ items: FileRequest[] }>(server, owner, "GET", "/file-requests");
    expect(listed.body.items.find((r) => r.id === made.id)).toMatchObject({ uploads: 1, bytes: 12 });
    expect(listed.body.items.find((r) => r.id === made.id)?.lastUploadAt).toEqual(expect.any(String));
    expect(await namesIn(inbox.id)).toEqual(["receipt.pdf"]);
    const stored = await call<FileListJson>(server, owner, "GET", `/files?parentId=${inbox.id}`);
    const receipt = stored.body.items[0];
    const content = await server.app.inject({
      url: `/api/files/${receipt?.id}/receipt.pdf`,
      headers: { cookie: owner.cookie },
    });
    expect(content.body).toBe("%PDF receipt");

    // A title defaults to the folder's name.
    expect((await request({ folderId: inbox.id })).title).toBe("Tax papers");

    expect((await call(server, owner, "DELETE", `/file-requests/${made.id}`)).status).toBe(204);
    expect((await call(server, null, "GET", `/file-requests/${made.id}`)).status).toBe(404);
    expect((await upload(made.id, "late.pdf", Buffer.from("late"))).status).toBe(404);
    // The files that arrived stay.
    expect(await namesIn(inbox.id)).toEqual(["receipt.pdf"]);
  });

  it("belong to their owner only: another user can neither make one on the folder, list nor revoke it", async () => {
    const inbox = await folder();
    const made = await request({ folderId: inbox.id });
    expect((await call(server, other, "POST", "/file-requests", { folderId: inbox.id })).status).toBe(404);
    const theirs = await call<{ items: FileRequest[] }>(server, other, "GET", "/file-requests");
    expect(theirs.body.items).toEqual([]);
    expect((await call(server, other, "DELETE", `/file-requests/${made.id}`)).status).toBe(404);
    expect((await call(server, other, "DELETE", "/file-requests/not-an-id")).status).toBe(404);
    // Still working for the owner's uploaders.
    expect((await call(server, null, "GET", `/file-requests/${made.id}`)).status).toBe(200);
    // The owner's calls need a session.
    expect((await call(server, null, "GET", "/file-requests")).status).toBe(401);
    expect((await call(server, null, "POST", "/file-requests", { folderId: inbox.id })).status).toBe(401);
    expect((await call(server, null, "DELETE", `/file-requests/${made.id}`)).status).toBe(401);
    // A file is not a folder.
    const file = await create(server, owner, {
      name: "a.txt",
      type: "file",
      path: "/",
      mimeType: "text/plain",
      size: 0,
    });
    expect((await call(server, owner, "POST", "/file-requests", { folderId: file.id })).status).toBe(404);
  });

  it("needs the password when it has one, hashed like share passwords", async () => {
    const inbox = await folder();
    const made = await request({ folderId: inbox.id, password: "open sesame" });
    expect(made.protected).toBe(true);
    const [stored] = await server.db.query<{ password: string }>("SELECT password FROM file_requests WHERE id = $1", [
      made.id,
    ]);
    expect(stored?.password).toMatch(/^sha256\$\$2[aby]\$/);
    expect((await call<FileRequestPublic>(server, null, "GET", `/file-requests/${made.id}`)).body.protected).toBe(true);

    expect(await upload(made.id, "a.txt", Buffer.from("a"))).toMatchObject({ status: 401 });
    const wrong = await call(server, null, "POST", `/file-requests/${made.id}/unlock`, { password: "guess" });
    expect(wrong).toEqual({ status: 401, body: { code: 401, message: "invalid password" } });
    const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`:${password}`).toString("base64")}` });
    expect((await upload(made.id, "a.txt", Buffer.from("a"), basic("guess"))).status).toBe(401);

    const unlocked = await server.app.inject({
      method: "POST",
      url: `/api/file-requests/${made.id}/unlock`,
      payload: { password: "open sesame" },
    });
    expect(unlocked.statusCode).toBe(204);
    const cookie = unlocked.cookies.find((c) => c.name === "request_token");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: `/api/file-requests/${made.id}` });
    const withCookie = { cookie: `request_token=${cookie?.value}` };
    expect(await upload(made.id, "a.txt", Buffer.from("a"), withCookie)).toMatchObject({ status: 201 });
    expect(await upload(made.id, "b.txt", Buffer.from("b"), basic("open sesame"))).toMatchObject({ status: 201 });
    // A cookie made for one request opens no other.
    const second = await request({ folderId: inbox.id, password: "open sesame" });
    expect((await upload(second.id, "c.txt", Buffer.from("c"), withCookie)).status).toBe(401);
  });

  it("limits wrong passwords per address and per request over every address, in the database, until the hour has passed", async () => {
    const inbox = await folder();
    const made = await request({ folderId: inbox.id, password: "open sesame" });
    const unlock = (password: string, remoteAddress: string) =>
      server.app.inject({
        method: "POST",
        url: `/api/file-requests/${made.id}/unlock`,
        payload: { password },
        remoteAddress,
      });
    const expectRefused = (res: Awaited<ReturnType<typeof unlock>>) => {
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers["retry-after"]);
      expect(wait).toBeGreaterThan(0);
      expect(res.json()).toEqual({ code: 429, message: tooManyGuessesMessage(wait) });
    };

    // One address: five wrong passwords, then even the right one waits (ten minutes); another address does not.
    for (let i = 0; i < 5; i++) expect((await unlock(`guess ${i}`, "10.7.0.1")).statusCode).toBe(401);
    const own = await unlock("open sesame", "10.7.0.1");
    expectRefused(own);
    expect(Number(own.headers["retry-after"])).toBeGreaterThan(500);
    expect((await unlock("open sesame", "10.7.0.2")).statusCode).toBe(204);

    // Many addresses, four guesses each (under each one's own limit): past 20 wrong ones in an hour on the request,
    // each further guess waits a back-off that doubles, so one is refused within a few more.
    let refused: Awaited<ReturnType<typeof unlock>> | undefined;
    let guesses = 0;
    while (!refused && guesses < 40) {
      const res = await unlock(`guess ${guesses}`, `10.7.${1 + Math.floor(guesses / 4)}.9`);
      guesses++;
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(401);
    }
    expect(guesses).toBeGreaterThan(15);
    if (!refused) throw new Error("40 wrong passwords from ten addresses were never refused");
    expectRefused(refused);
    const [counted] = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM share_password_failures WHERE share_id = $1",
      [made.id],
    );
    expect(counted?.n).toBeGreaterThanOrEqual(20);

    // The hour passes (the stored failures are moved back rather than waited for): a new address is let in.
    await server.db.query("UPDATE share_password_failures SET at = at - interval '2 hours' WHERE share_id = $1", [
      made.id,
    ]);
    expect((await unlock("open sesame", "10.7.200.1")).statusCode).toBe(204);
  });

  it("stops at its expiry", async () => {
    const inbox = await folder();
    const past = await call(server, owner, "POST", "/file-requests", {
      folderId: inbox.id,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    const made = await request({ folderId: inbox.id, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect(await upload(made.id, "in-time.txt", Buffer.from("ok"))).toMatchObject({ status: 201 });
    // Time passes: the expiry is moved into the past rather than waited for.
    await server.db.query("UPDATE file_requests SET expires_at = now() - interval '1 second' WHERE id = $1", [made.id]);
    expect(await call(server, null, "GET", `/file-requests/${made.id}`)).toEqual({
      status: 410,
      body: { code: 410, message: "this file request has expired" },
    });
    expect((await upload(made.id, "late.txt", Buffer.from("late"))).status).toBe(410);
    const listed = await call<{ items: FileRequest[] }>(server, owner, "GET", "/file-requests");
    expect(listed.body.items.find((r) => r.id === made.id)?.expired).toBe(true);
    expect(await namesIn(inbox.id)).toEqual(["in-time.txt"]);
  });

  it("refuses files over its size limit and past its count limit", async () => {
    const inbox = await folder();
    const made = await request({ folderId: inbox.id, maxFileSize: 10, maxFiles: 2 });
    const big = await upload(made.id, "big.bin", Buffer.alloc(11, 1));
    expect(big).toEqual({
      status: 413,
      body: { code: 413, message: "this file is too large: the request takes files up to 10 bytes" },
    });
    expect((await upload(made.id, "one.bin", Buffer.alloc(10, 1))).status).toBe(201);
    expect((await upload(made.id, "two.bin", Buffer.alloc(3, 2))).status).toBe(201);
    expect(await upload(made.id, "three.bin", Buffer.alloc(3, 3))).toEqual({
      status: 409,
      body: { code: 409, message: "this file request takes no more files" },
    });
    expect((await call<FileRequestPublic>(server, null, "GET", `/file-requests/${made.id}`)).body.remaining).toBe(0);
    expect(await namesIn(inbox.id)).toEqual(["one.bin", "two.bin"]);
    // Uploads racing for the last place: exactly one gets it.
    const last = await request({ folderId: inbox.id, maxFiles: 1 });
    const raced = await Promise.all(["r1.bin", "r2.bin", "r3.bin"].map((n) => upload(last.id, n, Buffer.alloc(5, 7))));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    // Nothing of the refused files was kept as an upload.
    const [pending] = await server.db.query<{ n: number }>("SELECT count(*) AS n FROM uploads WHERE user_id = $1", [
      owner.userId,
    ]);
    expect(pending?.n).toBe(0);
  });

  it("never replaces the owner's files: a taken name becomes name (1).ext", async () => {
    const inbox = await folder();
    await create(server, owner, {
      name: "report.pdf",
      type: "file",
      parentId: inbox.id,
      mimeType: "application/pdf",
      size: 0,
    });
    const made = await request({ folderId: inbox.id });
    expect((await upload(made.id, "report.pdf", Buffer.from("first"))).body.name).toBe("report (1).pdf");
    expect((await upload(made.id, "report.pdf", Buffer.from("second"))).body.name).toBe("report (2).pdf");
    expect(await namesIn(inbox.id)).toEqual(["report (1).pdf", "report (2).pdf", "report.pdf"]);
    const original = await call<FileListJson>(server, owner, "GET", `/files?parentId=${inbox.id}&limit=100`);
    expect(original.body.items.find((f) => f.name === "report.pdf")?.size).toBe(0);
  });

  it("refuses path tricks in names", async () => {
    const inbox = await folder();
    const made = await request({ folderId: inbox.id });
    for (const name of [
      "..",
      ".",
      "../escape.txt",
      "a/b.txt",
      "/etc/passwd",
      "C:\\temp\\x.txt",
      "\\\\host\\x",
      "a\0b",
      "",
      " lead.txt",
      "...",
    ]) {
      const res = await upload(made.id, name, Buffer.from("x"));
      expect(res.status, JSON.stringify(name)).toBe(400);
    }
    expect(await namesIn(inbox.id)).toEqual([]);
    const root = await call<FileListJson>(server, owner, "GET", "/files?path=/&limit=100");
    expect(root.body.items.map((f) => f.name)).not.toContain("escape.txt");
  });

  it("shows the uploader nothing of the folder, not even what others sent", async () => {
    const inbox = await folder("Private stuff");
    await create(server, owner, {
      name: "secret.txt",
      type: "file",
      parentId: inbox.id,
      mimeType: "text/plain",
      size: 0,
    });
    const made = await request({ folderId: inbox.id });
    const first = await upload(made.id, "mine.txt", Buffer.from("mine"));
    expect(first.body).toEqual({ name: "mine.txt", size: 4 });
    const info = await server.app.inject({ method: "GET", url: `/api/file-requests/${made.id}` });
    expect(info.body).not.toContain("secret.txt");
    expect(info.body).not.toContain("mine.txt");
    expect(info.body).not.toContain(String(owner.userId));
    // No listing call exists for a request, and the drive's own listing needs the owner's session.
    for (const url of [`/file-requests/${made.id}/files`, `/files?parentId=${inbox.id}`]) {
      const res = await call(server, null, "GET", url);
      expect([401, 404]).toContain(res.status);
    }
    // Someone else's session does not see the folder either.
    const theirs = await call<FileListJson>(server, other, "GET", `/files?parentId=${inbox.id}`);
    expect(theirs.body.items ?? []).toEqual([]);
  });

  it("stops when its folder goes to the trash, and tells the owner's live stream what arrived", async () => {
    const inbox = await folder("Photos");
    const made = await request({ folderId: inbox.id, title: "Wedding photos" });
    const sent = await upload(made.id, "cake.jpg", Buffer.from("jpeg"));
    expect(sent.status).toBe(201);
    const events = await call<{ type: string; source: { name: string; request?: Record<string, unknown> } }[]>(
      server,
      owner,
      "GET",
      "/events",
    );
    const received = events.body.find((e) => e.type === "requests.received");
    expect(received?.source).toMatchObject({
      name: "cake.jpg",
      type: "file",
      parentId: inbox.id,
      request: { id: made.id, title: "Wedding photos", folderName: "Photos", uploads: 1 },
    });
    const theirs = await call<{ type: string }[]>(server, other, "GET", "/events");
    expect(theirs.body.filter((e) => e.type === "requests.received")).toEqual([]);

    expect((await call(server, owner, "POST", "/files/delete", { ids: [inbox.id] })).status).toBe(204);
    expect((await call(server, null, "GET", `/file-requests/${made.id}`)).status).toBe(404);
    expect((await upload(made.id, "more.jpg", Buffer.from("jpeg"))).status).toBe(404);
  });
});
