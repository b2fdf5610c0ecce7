import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileJson, list, mkdir, type TestUser } from "./files-api.js";
import { createUser, startServer, type TestServer } from "./helpers.js";

/**
 * Regex searches the guard lets through but that still cost a lot on a big drive (issue 28, item 5), as an attacker
 * sends them, on PGlite and on PostgreSQL (npm test runs this file on both).
 */

let server: TestServer;
let attacker: TestUser;
let victim: TestUser;
/**
 * Twenty bounded repetitions adding up to 100 (the guard's most), then three letters no name has: a new triple for
 * each search (5,832 of them), so no count or result the server keeps makes it cheap.
 */
const LETTERS = "ghjklmopqrstuvwxyz";
let searches = 0;
const costly = () => {
  const n = searches++;
  const letter = (k: number) => LETTERS[Math.floor(n / 18 ** k) % 18];
  return `${".{0,5}".repeat(20)}${letter(0)}${letter(1)}${letter(2)}`;
};
const ROWS = 20_000;

beforeAll(async () => {
  server = await startServer();
  attacker = await createUser(server);
  victim = await createUser(server);
  await mkdir(server, attacker, "/hoard");
  const hoard = (await list(server, attacker, { path: "/" })).body.items.find((f) => f.name === "hoard") as FileJson;
  // Long names without a "z", straight into the table in slices (the database's triggers count them as usual).
  for (let from = 0; from < ROWS; from += 10_000)
    await server.db.background.query(
      `INSERT INTO files (id, name, name_key, type, mime_type, size, category, user_id, parent_id)
       SELECT gen_random_uuid(), n, lower(n), 'file', 'application/octet-stream', 1, 'other', $1, $2
       FROM (SELECT left(repeat(md5(i::text), 8), 250) || '.bin' AS n FROM generate_series($3::int, $4::int) i) s`,
      [attacker.userId, hoard.id, from, from + 9_999],
    );
  await mkdir(server, victim, "/photos");
}, 600_000);
afterAll(() => server?.close());

const costlySearch = (user: TestUser, query = costly()) =>
  list(server, user, { operation: "find", searchType: "regex", query });

describe("a costly regex search (issue 28)", () => {
  it("on PGlite does not hold the database: another user's listings finish while it runs", async () => {
    if (server.db.kind !== "pglite") return;
    let searching = true;
    const search = costlySearch(attacker).finally(() => {
      searching = false;
    });
    // Listings one after the other for as long as the search runs; how many fit depends on the machine.
    let whileSearching = 0;
    do {
      const res = await list(server, victim, { operation: "list", path: "/" });
      expect(res.status).toBe(200);
      expect(res.body.items.map((f) => f.name)).toEqual(["photos"]);
      if (searching) whileSearching++;
    } while (searching);
    const found = await search;
    // It finds nothing, or (on a machine busy enough to spend 10 s of steps) gives up with 503.
    expect([200, 503]).toContain(found.status);
    if (found.status === 200) expect(found.body.meta.count).toBe(0);
    // In one statement the search held PGlite's only connection for seconds: the first listing waited behind it.
    expect(whileSearching).toBeGreaterThan(0);
  });

  it("spends the searcher's budget: after a minute's worth, 429 with Retry-After, while others still search", async () => {
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof costlySearch>> | undefined;
    // Searches one after the other spend most of each minute searching, so the budget (15 s of searching a minute)
    // runs out within about 20 s of them however fast the machine is: a slow one needs a few, a fast one hundreds.
    for (let i = 0; i < 5_000 && !refused; i++) {
      const res = await costlySearch(attacker);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(refused, `${statuses.length} searches, none refused`).toBeDefined();
    expect(statuses.filter((s) => s !== 200 && s !== 429 && s !== 503)).toEqual([]);
    const again = await server.app.inject({
      url: `/api/files?operation=find&searchType=regex&query=${encodeURIComponent(costly())}`,
      headers: { cookie: attacker.cookie },
    });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    // The victim's own search is not the attacker's budget.
    // (A costly search may still run past the statement limit on a loaded machine: 503, but never the budget's 429.)
    const theirs = await costlySearch(victim);
    expect([200, 503]).toContain(theirs.status);
    const plain = await list(server, victim, { operation: "find", query: "photos" });
    expect(plain.body.items.map((f) => f.name)).toEqual(["photos"]);
  });
});
