import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { create, type FileJson, qs, type TestUser } from "./files-api.js";
import { createUser, startServer, type TestServer, withServerAndTwoUsers } from "./helpers.js";
import { teldriveMainContract } from "./teldrive-main-contract.js";

/**
 * Teldrive main's API ("API-B") on the same drive as Teldrive 1.8's: cursor paging, content URLs, several links per
 * file, the share_token cookie, COMPAT=teldrive-main. Every API-B answer (successes and errors) is validated against
 * ../shared/api/teldrive-main-openapi.yaml, and requests are the shapes that document gives.
 */

const contract = teldriveMainContract();
let server: TestServer;
let user: TestUser;
let other: TestUser;

interface ListB {
  items: FileJson[];
  meta: { nextCursor?: string; count?: number; totalPages?: number; currentPage?: number };
}
type Method = "GET" | "HEAD" | "POST" | "PATCH" | "DELETE";

/** Calls an API-B operation (its `template` in the document) and fails on anything the document does not allow. */
async function b(
  method: Method,
  template: string,
  url: string,
  opts: { who?: TestUser | null; body?: unknown; headers?: Record<string, string>; srv?: TestServer } = {},
): Promise<LightMyRequestResponse> {
  const who = opts.who === undefined ? user : opts.who;
  const headers: Record<string, string> = { ...opts.headers };
  if (who) headers.cookie = [who.cookie, headers.cookie].filter(Boolean).join("; ");
  if (opts.body !== undefined) {
    const bodyErrors = contract.requestErrors(method, template, opts.body);
    expect(bodyErrors, `${method} ${url} request`).toEqual([]);
  }
  const res = await (opts.srv ?? server).app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  expect(contract.responseErrors(method, template, res), `${method} ${url} -> ${res.statusCode} ${res.body}`).toEqual(
    [],
  );
  return res;
}

const listB = async (params: Record<string, string | number | boolean>, who = user) =>
  (await b("GET", "/files", `/files?${qs(params)}`, { who })).json() as ListB;

/** Every item of a listing by cursor, `limit` at a time; `between` runs after each page with what was seen so far. */
async function walk(
  params: Record<string, string | number | boolean>,
  limit: number,
  between: (page: number, seen: FileJson[]) => Promise<void> = async () => {},
  on: { srv?: TestServer; who?: TestUser } = {},
): Promise<FileJson[]> {
  const seen: FileJson[] = [];
  let cursor = "";
  for (let page = 1; ; page++) {
    const url = `/files?${qs({ ...params, limit, cursor })}`;
    const res = (await b("GET", "/files", url, { who: on.who ?? user, srv: on.srv })).json() as ListB;
    expect(res.items.length).toBeLessThanOrEqual(limit);
    seen.push(...res.items);
    if (!res.meta.nextCursor) return seen;
    expect(res.items.length).toBe(limit);
    cursor = res.meta.nextCursor;
    await between(page, seen);
  }
}

/** The whole listing the 1.8 way, in one page: what a walk must give. */
async function wholeA(params: Record<string, string | number | boolean>, who = user): Promise<FileJson[]> {
  const res = await server.app.inject({
    url: `/api/files?${qs({ ...params, page: 1, limit: 1000 })}`,
    headers: { cookie: who.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as ListB).items;
}

const ids = (items: FileJson[]) => items.map((i) => i.id);

/** Uploads `bytes` as one part and makes a file of it in `path`. */
async function fileWith(who: TestUser, path: string, name: string, bytes: Buffer, mimeType = "text/plain") {
  const upload = await server.app.inject({
    method: "POST",
    url: `/api/uploads/u-${Math.random().toString(36).slice(2)}?${qs({ fileName: name, partNo: 1 })}`,
    headers: { cookie: who.cookie, "content-type": "application/octet-stream" },
    payload: bytes,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const { partId } = upload.json() as { partId: number };
  return create(server, who, { name, type: "file", path, mimeType, size: bytes.length, parts: [{ id: partId }] });
}

withServerAndTwoUsers((started) => {
  ({
    server,
    users: [user, other],
  } = started);
});

describe("cursor paging of GET /files", () => {
  let folder: FileJson;
  beforeAll(async () => {
    folder = await create(server, user, { name: "walk", type: "folder", path: "/" });
    for (let i = 0; i < 6; i++) await create(server, user, { name: `dir ${i}`, type: "folder", path: "/walk" });
    // Sizes repeat so ties are broken by id; names sort by value ("file 2" before "file 10").
    for (let i = 0; i < 23; i++) await fileWith(user, "/walk", `file ${i}.txt`, Buffer.alloc(i % 4));
  });

  it("walks every sort and order exactly as the 1.8 listing orders it, folders first", async () => {
    for (const sort of ["name", "updatedAt", "size", "id"])
      for (const order of ["asc", "desc"]) {
        const params = { path: "/walk", sort, order };
        const expected = await wholeA(params);
        expect(expected).toHaveLength(29);
        for (const limit of [1, 4, 29, 30])
          expect(ids(await walk(params, limit)), `${sort} ${order} ${limit}`).toEqual(ids(expected));
        expect(expected.findIndex((i) => i.type === "file")).toBe(6);
      }
  });

  it("walks searches, categories, shared items, the whole drive and a folder by id", async () => {
    await b("POST", "/files/{id}/shares", `/files/${folder.id}/shares`, { body: {} });
    const views: Record<string, string | number | boolean>[] = [
      { operation: "find", query: "file 1" },
      { operation: "find", query: "^file 1", searchType: "regex", sort: "size", order: "desc" },
      { operation: "find", category: "document", sort: "updatedAt" },
      { operation: "find", shared: true },
      { operation: "find", path: "/walk", type: "file", sort: "name", order: "desc" },
      { operation: "find", path: "/", deepSearch: true, query: "dir" },
      { operation: "list", parentId: folder.id, sort: "size" },
      { operation: "list" },
    ];
    for (const params of views) {
      const expected = await wholeA(params);
      expect(expected.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(ids(await walk(params, 3)), JSON.stringify(params)).toEqual(ids(expected));
    }
  });

  it("answers a first page without page or cursor in both shapes, and one with page exactly as 1.8 does", async () => {
    const both = await listB({ path: "/walk", limit: 10 });
    expect(both.meta).toEqual({ count: 29, totalPages: 3, currentPage: 1, nextCursor: expect.any(String) });
    const next = await listB({ path: "/walk", limit: 10, cursor: both.meta.nextCursor ?? "" });
    expect(next.meta).toEqual({ nextCursor: expect.any(String) });
    expect(ids(next.items)).toEqual(ids((await wholeA({ path: "/walk" })).slice(10, 20)));
    const paged = await server.app.inject({
      url: "/api/files?path=/walk&limit=10&page=2",
      headers: { cookie: user.cookie },
    });
    expect((paged.json() as ListB).meta).toEqual({ count: 29, totalPages: 3, currentPage: 2 });
    // Nothing after the last page: no cursor, so a walk never ends on an empty page.
    expect((await listB({ path: "/walk", limit: 29 })).meta).toEqual({ count: 29, totalPages: 1, currentPage: 1 });
  });

  it("refuses a cursor that is not one, or belongs to another order, with 400", async () => {
    const { meta } = await listB({ path: "/walk", limit: 2, cursor: "" });
    for (const [cursor, sort] of [
      ["garbage", "name"],
      [meta.nextCursor ?? "", "size"],
      [
        Buffer.from(
          '{"v":1,"s":"size","o":"asc","t":"file","k":"1 OR 1=1","i":"0190a0a0-0000-7000-8000-000000000000"}',
        ).toString("base64url"),
        "size",
      ],
    ] as const) {
      const res = await b("GET", "/files", `/files?${qs({ path: "/walk", cursor, sort })}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe("a cursor walk while others write", () => {
  it("sees every item that stays in the folder exactly once, whatever else is inserted, moved, renamed or deleted", async () => {
    await create(server, user, { name: "busy", type: "folder", path: "/" });
    const away = await create(server, user, { name: "away", type: "folder", path: "/" });
    const made: FileJson[] = [];
    for (let i = 0; i < 120; i++)
      made.push(
        await create(server, user, {
          name: `n${String(i).padStart(3, "0")}`,
          type: i % 10 ? "file" : "folder",
          path: "/busy",
        }),
      );
    // Items that stay in the folder untouched for the whole walk; every other one is written to while it runs.
    const stays = new Set(made.filter((_, i) => i % 3 !== 0).map((m) => m.id));
    const touched = made.filter((m) => !stays.has(m.id));
    let round = 0;
    const renamed = new Set<string>();
    const writes = async (page: number) => {
      const victim = touched[page];
      const mates: Promise<unknown>[] = [
        create(server, user, { name: `new a${round}-${page}`, type: "file", path: "/busy" }),
        create(server, user, { name: `new z${round}-${page}`, type: "file", path: "/busy" }),
      ];
      if (victim && page % 3 === 0)
        mates.push(b("POST", "/files/move", "/files/move", { body: { ids: [victim.id], destinationParent: away.id } }));
      else if (victim && page % 3 === 1) mates.push(b("DELETE", "/files/{id}", `/files/${victim.id}`));
      else if (victim) {
        renamed.add(victim.id);
        mates.push(b("PATCH", "/files/{id}", `/files/${victim.id}`, { body: { name: `renamed ${victim.name}` } }));
      }
      await Promise.all(mates);
    };
    for (const [sort, order] of [
      ["name", "asc"],
      ["name", "desc"],
      ["updatedAt", "desc"],
      ["size", "asc"],
    ] as const) {
      round++;
      renamed.clear();
      const seen = await walk({ path: "/busy", sort, order }, 7, writes);
      const counts = new Map<string, number>();
      for (const item of seen) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
      expect(
        [...counts].filter(([, n]) => n !== 1),
        `${sort} ${order}: nothing twice`,
      ).toEqual([]);
      expect(
        [...renamed].filter((id) => !counts.has(id)),
        `${sort} ${order}: no renamed item skipped`,
      ).toEqual([]);
      expect(
        [...stays].filter((id) => !counts.has(id)),
        `${sort} ${order}: nothing skipped`,
      ).toEqual([]);
      // Put the touched items back for the next walk.
      for (const t of touched) await server.db.query("DELETE FROM files WHERE id = $1", [t.id]);
      for (const [i, t] of touched.entries())
        touched[i] = await create(server, user, { name: t.name, type: t.type, path: "/busy" });
    }
  });
});

describe("a renamed item in a cursor walk", () => {
  /** Names and times that sort first and last in a walk's order. */
  const ends = (sort: "name" | "updatedAt", order: "asc" | "desc") => {
    const [low, high]: Record<string, string>[] =
      sort === "name"
        ? [{ name: "aaa moved" }, { name: "zzz moved" }]
        : [{ updatedAt: "2001-01-01T00:00:00Z" }, { updatedAt: "2099-01-01T00:00:00Z" }];
    return order === "asc" ? { first: low, last: high } : { first: high, last: low };
  };

  async function renamingWalk(srv: TestServer, who: TestUser, sort: "name" | "updatedAt", order: "asc" | "desc") {
    const dir = `moves ${sort} ${order}`;
    await create(srv, who, { name: dir, type: "folder", path: "/" });
    const made: FileJson[] = [];
    for (let i = 0; i < 30; i++)
      made.push(
        await create(srv, who, {
          name: `m${String(i).padStart(2, "0")}`,
          type: i % 5 ? "file" : "folder",
          path: `/${dir}`,
        }),
      );
    const to = ends(sort, order);
    const moved = new Map<string, Record<string, string>>();
    const seen = await walk(
      { path: `/${dir}`, sort, order },
      4,
      async (page, sofar) => {
        if (page !== 2) return;
        // One already listed moves ahead of the cursor, one not yet listed moves behind it.
        const behind = sofar[0];
        const ahead = made.find((m) => !sofar.some((s) => s.id === m.id) && m.type === "file" && !moved.has(m.id));
        expect(behind && ahead).toBeTruthy();
        if (!behind || !ahead || !to.last || !to.first) return;
        await b("PATCH", "/files/{id}", `/files/${behind.id}`, { who, srv, body: to.last });
        await b("PATCH", "/files/{id}", `/files/${ahead.id}`, { who, srv, body: to.first });
        moved.set(ahead.id, to.first);
      },
      { srv, who },
    );
    const counts = new Map<string, number>();
    for (const item of seen) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    expect(
      [...counts].filter(([, n]) => n !== 1),
      `${sort} ${order}: nothing twice`,
    ).toEqual([]);
    expect(
      made.filter((m) => !counts.has(m.id)).map((m) => m.name),
      `${sort} ${order}: nothing missed`,
    ).toEqual([]);
    // The one listed after its change is listed as it is now.
    for (const [id, body] of moved) {
      const item = seen.find((s) => s.id === id);
      if (body.name) expect(item?.name).toBe(body.name);
      else expect(item?.updatedAt).toBe(new Date(String(body.updatedAt)).toISOString().replace(".000Z", "Z"));
    }
    return seen;
  }

  it("is listed exactly once, under its new name and where it stood when the walk began, in every order", async () => {
    for (const sort of ["name", "updatedAt"] as const)
      for (const order of ["asc", "desc"] as const) await renamingWalk(server, user, sort, order);
  });

  it("is listed exactly once under COMPAT=teldrive-main too, where folders and files share one order", async () => {
    const main = await startServer({ COMPAT: "teldrive-main" });
    try {
      const owner = await createUser(main);
      await renamingWalk(main, owner, "name", "asc");
      await renamingWalk(main, owner, "updatedAt", "desc");
    } finally {
      await main.close();
    }
  });
});

describe("content", () => {
  const bytes = Buffer.from("0123456789abcdefghij");
  let file: FileJson;
  beforeAll(async () => {
    file = await fileWith(user, "/", "bytes.txt", bytes);
  });

  it("streams a file, a range of it and its headers, inline or as a download", async () => {
    const whole = await b("GET", "/files/{id}/content", `/files/${file.id}/content`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(bytes);
    expect(whole.headers["content-disposition"]).toBe("inline; filename=bytes.txt");
    const part = await b("GET", "/files/{id}/content", `/files/${file.id}/content`, {
      headers: { range: "bytes=2-5" },
    });
    expect([part.statusCode, part.body, part.headers["content-range"]]).toEqual([206, "2345", "bytes 2-5/20"]);
    const head = await b("HEAD", "/files/{id}/content", `/files/${file.id}/content?download=1`, {
      headers: { range: "bytes=-3" },
    });
    expect([head.statusCode, head.headers["content-length"], head.body]).toEqual([206, "3", ""]);
    expect(head.headers["content-disposition"]).toBe("attachment; filename=bytes.txt");
    expect(
      (await b("GET", "/files/{id}/content", `/files/${file.id}/content`, { headers: { range: "bytes=50-" } }))
        .statusCode,
    ).toBe(416);
  });

  it("is 404 for another user's file and 401 without a session", async () => {
    expect((await b("GET", "/files/{id}/content", `/files/${file.id}/content`, { who: other })).statusCode).toBe(404);
    expect((await b("GET", "/files/{id}/content", `/files/${file.id}/content`, { who: null })).statusCode).toBe(401);
  });
});

describe("several share links per file", () => {
  it("creates, lists, edits and removes links; the 1.8 call sees the newest and its delete removes them all", async () => {
    const doc = await fileWith(user, "/", "report.txt", Buffer.from("report"));
    const url = `/files/${doc.id}/shares`;
    expect((await b("GET", "/files/{id}/shares", url)).json()).toEqual([]);
    const made: string[] = [];
    for (const body of [{}, { password: "pw-one" }, { expiresAt: new Date(Date.now() + 3600_000).toISOString() }]) {
      const res = await b("POST", "/files/{id}/shares", url, { body });
      expect([res.statusCode, res.body]).toEqual([201, ""]);
      made.push(String(res.headers.location).split("/").pop() ?? "");
    }
    const links = (await b("GET", "/files/{id}/shares", url)).json() as {
      id: string;
      protected: boolean;
      expiresAt?: string;
    }[];
    expect(links.map((l) => l.id)).toEqual(made);
    expect(links.map((l) => [l.protected, l.expiresAt !== undefined])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    const newest = (
      await server.app.inject({ url: `/api/files/${doc.id}/share`, headers: { cookie: user.cookie } })
    ).json() as { id: string };
    expect(newest.id).toBe(made[2]);

    const edit = await b("PATCH", "/files/{id}/shares/{shareId}", `${url}/${made[0]}`, { body: { password: "new" } });
    expect(edit.statusCode).toBe(204);
    expect(((await b("GET", "/files/{id}/shares", url)).json() as { protected: boolean }[])[0]?.protected).toBe(true);
    expect((await b("DELETE", "/files/{id}/shares/{shareId}", `${url}/${made[1]}`)).statusCode).toBe(204);
    expect(((await b("GET", "/files/{id}/shares", url)).json() as unknown[]).length).toBe(2);

    // Another user's file or link, and a link of another file, are 404.
    expect((await b("GET", "/files/{id}/shares", url, { who: other })).statusCode).toBe(404);
    expect((await b("DELETE", "/files/{id}/shares/{shareId}", `${url}/${made[0]}`, { who: other })).statusCode).toBe(
      404,
    );
    const elsewhere = await create(server, user, { name: "elsewhere", type: "folder", path: "/" });
    expect(
      (await b("PATCH", "/files/{id}/shares/{shareId}", `/files/${elsewhere.id}/shares/${made[0]}`, { body: {} }))
        .statusCode,
    ).toBe(404);
    expect(
      (await b("POST", "/files/{id}/shares", url, { body: { expiresAt: "2001-01-01T00:00:00Z" } })).statusCode,
    ).toBe(400);

    const stop = await server.app.inject({
      method: "DELETE",
      url: `/api/files/${doc.id}/share`,
      headers: { cookie: user.cookie },
    });
    expect(stop.statusCode).toBe(204);
    expect((await b("GET", "/files/{id}/shares", url)).json()).toEqual([]);
  });
});

describe("taking a password or an expiry off a link", () => {
  type Link = { id: string; protected: boolean; expiresAt?: string };
  const later = () => new Date(Date.now() + 86_400_000).toISOString();

  it("here: null removes either (our addition to Teldrive main's FileShareCreate)", async () => {
    const doc = await fileWith(user, "/", "clear.txt", Buffer.from("x"));
    const url = `/files/${doc.id}/shares`;
    const made = await b("POST", "/files/{id}/shares", url, { body: { password: "pw", expiresAt: later() } });
    const id = String(made.headers.location).split("/").pop();
    const patch = (payload: object) =>
      server.app.inject({ method: "PATCH", url: `/api${url}/${id}`, headers: { cookie: user.cookie }, payload });
    expect((await patch({ password: null })).statusCode).toBe(204);
    expect((await b("GET", "/files/{id}/shares", url)).json()).toEqual([
      expect.objectContaining({ protected: false, expiresAt: expect.any(String) }),
    ]);
    expect((await patch({ expiresAt: null })).statusCode).toBe(204);
    expect((await b("GET", "/files/{id}/shares", url)).json()).toEqual([{ id, protected: false }]);
  });

  it("COMPAT=teldrive-main: null is refused as Teldrive main does; a new link in place of the old one is the way", async () => {
    const main = await startServer({ COMPAT: "teldrive-main" });
    try {
      const owner = await createUser(main);
      const folder = await create(main, owner, { name: "shared", type: "folder", path: "/" });
      const url = `/files/${folder.id}/shares`;
      const opts = { who: owner, srv: main };
      const made = await b("POST", "/files/{id}/shares", url, {
        ...opts,
        body: { password: "pw", expiresAt: later() },
      });
      const old = String(made.headers.location).split("/").pop();
      const refused = await main.app.inject({
        method: "PATCH",
        url: `/api${url}/${old}`,
        headers: { cookie: owner.cookie },
        payload: { password: null },
      });
      expect(refused.statusCode).toBe(400);
      // An empty password and a missing expiry change nothing, as in Teldrive main.
      expect(
        (await b("PATCH", "/files/{id}/shares/{shareId}", `${url}/${old}`, { ...opts, body: { password: "" } }))
          .statusCode,
      ).toBe(204);
      expect(((await b("GET", "/files/{id}/shares", url, opts)).json() as Link[])[0]?.protected).toBe(true);
      // What the client does to take the password off and keep the expiry.
      const [link] = (await b("GET", "/files/{id}/shares", url, opts)).json() as Link[];
      await b("POST", "/files/{id}/shares", url, { ...opts, body: { expiresAt: link?.expiresAt } });
      expect((await b("DELETE", "/files/{id}/shares/{shareId}", `${url}/${old}`, opts)).statusCode).toBe(204);
      const now = (await b("GET", "/files/{id}/shares", url, opts)).json() as Link[];
      expect(now.map((l) => [l.id === old, l.protected, l.expiresAt])).toEqual([[false, false, link?.expiresAt]]);
    } finally {
      await main.close();
    }
  });
});

describe("a protected share, unlocked by its share_token cookie", () => {
  let shareId = "";
  let inside: FileJson;
  beforeAll(async () => {
    const folder = await create(server, user, { name: "locked", type: "folder", path: "/" });
    inside = await fileWith(user, "/locked", "inside.txt", Buffer.from("secret bytes"));
    for (let i = 0; i < 5; i++) await create(server, user, { name: `sub ${i}`, type: "folder", path: "/locked" });
    await b("POST", "/files/{id}/shares", `/files/${folder.id}/shares`, { body: { password: "open sesame" } });
    const [link] = (await b("GET", "/files/{id}/shares", `/files/${folder.id}/shares`)).json() as { id: string }[];
    shareId = link?.id ?? "";
  });

  it("sets an HttpOnly, SameSite cookie for the right password only", async () => {
    const wrong = await b("POST", "/shares/{id}/unlock", `/shares/${shareId}/unlock`, {
      who: null,
      body: { password: "no" },
    });
    expect([wrong.statusCode, wrong.headers["set-cookie"]]).toEqual([401, undefined]);
    const right = await b("POST", "/shares/{id}/unlock", `/shares/${shareId}/unlock`, {
      who: null,
      body: { password: "open sesame" },
    });
    expect(right.statusCode).toBe(204);
    const cookie = String(right.headers["set-cookie"]);
    expect(cookie).toMatch(
      new RegExp(`^share_token=[^;]+; Max-Age=\\d+; Path=/api/shares/${shareId}; HttpOnly; SameSite=Lax$`),
    );
  });

  it("lists by cursor and streams ranges with the cookie, and refuses without it or with a forged one", async () => {
    const right = await b("POST", "/shares/{id}/unlock", `/shares/${shareId}/unlock`, {
      who: null,
      body: { password: "open sesame" },
    });
    const token = String(right.headers["set-cookie"]).split(";")[0] ?? "";
    const listing = (cursor: string, cookie?: string) =>
      b("GET", "/shares/{id}/files", `/shares/${shareId}/files?${qs({ limit: 2, cursor })}`, {
        who: null,
        headers: cookie ? { cookie } : {},
      });
    const seen: string[] = [];
    let cursor = "";
    for (;;) {
      const page = (await listing(cursor, token)).json() as ListB;
      seen.push(...page.items.map((i) => i.name));
      if (!page.meta.nextCursor) break;
      cursor = page.meta.nextCursor;
    }
    expect(seen).toEqual(["sub 0", "sub 1", "sub 2", "sub 3", "sub 4", "inside.txt"]);
    const content = `/shares/${shareId}/files/${inside.id}/content`;
    const ranged = await b("GET", "/shares/{id}/files/{fileId}/content", content, {
      who: null,
      headers: { cookie: token, range: "bytes=7-" },
    });
    expect([ranged.statusCode, ranged.body]).toEqual([206, "bytes"]);
    expect((await listing("")).statusCode).toBe(401);
    expect((await listing("", `share_token=${Date.now() + 60_000}.${"A".repeat(43)}`)).statusCode).toBe(401);
    expect((await b("GET", "/shares/{id}/files/{fileId}/content", content, { who: null })).statusCode).toBe(401);
    // A file outside the share is not reachable through it.
    const outside = await fileWith(user, "/", "outside.txt", Buffer.from("x"));
    const outsideUrl = `/shares/${shareId}/files/${outside.id}/content`;
    expect(
      (await b("GET", "/shares/{id}/files/{fileId}/content", outsideUrl, { who: null, headers: { cookie: token } }))
        .statusCode,
    ).toBe(404);
    // A new password ends every cookie made for the old one.
    await server.db.query("UPDATE file_shares SET password = 'sha256$other' WHERE id = $1", [shareId]);
    expect((await listing("", token)).statusCode).toBe(401);
  });
});

describe("the other API-B calls", () => {
  it("DELETE /files/{id} moves one item to the trash", async () => {
    const gone = await create(server, user, { name: "gone", type: "folder", path: "/" });
    expect((await b("DELETE", "/files/{id}", `/files/${gone.id}`)).statusCode).toBe(204);
    expect((await b("DELETE", "/files/{id}", `/files/${gone.id}`)).statusCode).toBe(404);
    expect((await b("GET", "/files/{id}", `/files/${gone.id}`)).statusCode).toBe(404);
  });

  it("GET /users/profile, POST /uploads/{id} without partName, GET /uploads/stats", async () => {
    // Without Telegram the picture is a generated SVG, not Teldrive's JPEG photo: the one documented difference.
    const profile = await server.app.inject({ url: "/api/users/profile", headers: { cookie: user.cookie } });
    expect(profile.statusCode).toBe(200);
    expect(contract.responseErrors("GET", "/users/profile", profile)).toEqual([
      'content type "image/svg+xml" is not one of image/jpeg',
    ]);
    const sent = await server.app.inject({
      method: "POST",
      url: `/api/uploads/up-1?${qs({ fileName: "big.bin", partNo: 2 })}`,
      headers: { cookie: user.cookie, "content-type": "application/octet-stream" },
      payload: Buffer.from("abc"),
    });
    expect(contract.responseErrors("POST", "/uploads/{id}", sent)).toEqual([]);
    expect((sent.json() as { name: string }).name).toBe("big.bin.part.002");
    const stats = await b("GET", "/uploads/stats", "/uploads/stats?days=3");
    expect((stats.json() as unknown[]).length).toBe(3);
  });
});

describe("COMPAT", () => {
  it("teldrive-main: the removed routes are 404, pages are cursors, a wrong share password is 403", async () => {
    const main = await startServer({ COMPAT: "teldrive-main" });
    try {
      const owner = await createUser(main);
      const folder = await create(main, owner, { name: "f", type: "folder", path: "/" });
      const share = await main.app.inject({
        method: "POST",
        url: `/api/files/${folder.id}/shares`,
        headers: { cookie: owner.cookie },
        payload: { password: "pw" },
      });
      expect(share.statusCode).toBe(201);
      const shareId = String(share.headers.location).split("/").pop();
      const removed: [Method, string][] = [
        ["GET", "/auth/ws"],
        ["GET", `/files/${folder.id}/name.txt`],
        ["GET", `/files/${folder.id}/share`],
        ["POST", `/files/${folder.id}/share`],
        ["DELETE", `/files/${folder.id}/share`],
        ["POST", "/files/mkdir"],
        ["GET", "/users/profile/me.jpg"],
        ["GET", `/shares/${shareId}/files/${folder.id}/name.txt`],
        ["GET", "/capabilities"],
        ["GET", "/trash"],
      ];
      for (const [method, url] of removed)
        for (const cookie of [owner.cookie, ""]) {
          const res = await main.app.inject({
            method,
            url: `/api${url}`,
            headers: { cookie },
            payload: method === "POST" ? {} : undefined,
          });
          expect(`${method} ${url} -> ${res.statusCode} ${res.body}`).toBe(
            `${method} ${url} -> 404 {"code":404,"message":"not found"}`,
          );
        }
      const paged = await b("GET", "/files", "/files?path=/&page=1", { who: owner, srv: main });
      expect(paged.json()).toEqual({ items: [expect.objectContaining({ name: "f" })], meta: {} });
      const wrong = await b("POST", "/shares/{id}/unlock", `/shares/${shareId}/unlock`, {
        who: null,
        srv: main,
        body: { password: "x" },
      });
      expect(wrong.statusCode).toBe(403);
    } finally {
      await main.close();
    }
  });

  it("teldrive-main: folders and files are listed in one order by the sort key, then id, as Teldrive main does", async () => {
    const main = await startServer({ COMPAT: "teldrive-main" });
    try {
      const owner = await createUser(main);
      const root = await create(main, owner, { name: "mixed", type: "folder", path: "/" });
      for (const name of ["b dir", "d dir", "z dir"])
        await create(main, owner, { name, type: "folder", path: "/mixed" });
      for (const name of ["a.txt", "c.txt", "e.txt", "y.txt"])
        await create(main, owner, { name, type: "file", path: "/mixed" });
      const names = (items: FileJson[]) => items.map((i) => i.name);
      const asc = await walk({ path: "/mixed", sort: "name", order: "asc" }, 2, undefined, { srv: main, who: owner });
      expect(names(asc)).toEqual(["a.txt", "b dir", "c.txt", "d dir", "e.txt", "y.txt", "z dir"]);
      const desc = await walk({ path: "/mixed", sort: "name", order: "desc" }, 3, undefined, { srv: main, who: owner });
      expect(names(desc)).toEqual(["z dir", "y.txt", "e.txt", "d dir", "c.txt", "b dir", "a.txt"]);
      for (const sort of ["size", "updatedAt", "id"] as const)
        for (const order of ["asc", "desc"] as const) {
          const got = await walk({ path: "/mixed", sort, order }, 2, undefined, { srv: main, who: owner });
          const col = { size: "size", updatedAt: "updated_at", id: "id" }[sort];
          const d = order.toUpperCase();
          const want = await main.db.query<{ id: string }>(
            `SELECT id FROM files WHERE parent_id = $1 AND status = 'active' ORDER BY ${col} ${d}, id ${d}`,
            [root.id],
          );
          expect(ids(got), `${sort} ${order}`).toEqual(want.map((r) => r.id));
        }
    } finally {
      await main.close();
    }
  });

  it("teldrive-1.8: no API-B routes, and a cursor is ignored", async () => {
    const old = await startServer({ COMPAT: "teldrive-1.8" });
    try {
      const owner = await createUser(old);
      const folder = await create(old, owner, { name: "f", type: "folder", path: "/" });
      for (const [method, url] of [
        ["POST", `/files/${folder.id}/shares`],
        ["PATCH", `/files/${folder.id}/shares/${folder.id}`],
        ["DELETE", `/files/${folder.id}`],
        ["GET", "/users/profile"],
      ] as const) {
        const res = await old.app.inject({ method, url: `/api${url}`, headers: { cookie: owner.cookie } });
        expect(`${method} ${url} -> ${res.statusCode}`).toBe(`${method} ${url} -> 404`);
      }
      const res = await old.app.inject({ url: "/api/files?path=/&cursor=x", headers: { cookie: owner.cookie } });
      expect(res.json()).toEqual({
        items: [expect.objectContaining({ name: "f" })],
        meta: { count: 1, totalPages: 1, currentPage: 1 },
      });
    } finally {
      await old.close();
    }
  });
});
