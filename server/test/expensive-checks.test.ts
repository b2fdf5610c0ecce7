import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../src/auth/passwords.js";
import { openStore } from "../src/storage/blobs.js";
import { encryptedSize, HEADER_SIZE, MAGIC, newSalt } from "../src/storage/crypt.js";
import { createUser, startServer, type TestServer } from "./helpers.js";
import { overwriteStored } from "./storage-helpers.js";
import { storeFile } from "./upload-fixtures.js";

/**
 * Checks that cost CPU by design (bcrypt of share passwords, scrypt of each encrypted part's key), used by an
 * attacker to slow everyone else down (issue 28, item 5), on PGlite and on PostgreSQL (npm test runs this file on
 * both). The assertions are on outcomes and on the order answers arrive in, never on durations.
 */

/** Password checks one address may have computed per minute (`PASSWORD_CHECKS_PER_ADDRESS`, left at its default). */
const PASSWORD_CHECKS_PER_MINUTE = 10;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ENCRYPTION_KEY: "expensive checks key" });
});
afterAll(() => server?.close());

/** `count` files of `owner`, each shared with a password, as share ids. */
async function protectedShares(owner: { cookie: string }, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = await storeFile(server, owner.cookie, Buffer.from(`shared ${i}`), { name: `s${i}.txt` });
    const made = await server.app.inject({
      method: "POST",
      url: `/api/files/${file.id}/share`,
      headers: { cookie: owner.cookie },
      payload: { password: `right ${i}` },
    });
    expect(made.statusCode, made.body).toBe(201);
    const got = await server.app.inject({ url: `/api/files/${file.id}/share`, headers: { cookie: owner.cookie } });
    ids.push(got.json().id);
  }
  return ids;
}

const unlock = (share: string, password: string, remoteAddress: string) =>
  server.app.inject({ method: "POST", url: `/api/shares/${share}/unlock`, payload: { password }, remoteAddress });

describe("share passwords (issue 28)", () => {
  it("one address gets a budget of password checks over all shares, then 429 without any hashing", async () => {
    const owner = await createUser(server);
    const shares = await protectedShares(owner, PASSWORD_CHECKS_PER_MINUTE + 3);
    // One wrong password per share: each share's own limit (5 per address) is never reached.
    const statuses: number[] = [];
    for (const share of shares) statuses.push((await unlock(share, "guess", "10.28.0.1")).statusCode);
    expect(statuses).toEqual(shares.map((_, i) => (i < PASSWORD_CHECKS_PER_MINUTE ? 401 : 429)));
    const refused = await unlock(shares[0] ?? "", "right 0", "10.28.0.1");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Rotating addresses within one IPv6 /64 is the same requester.
    for (let i = 0; i < PASSWORD_CHECKS_PER_MINUTE; i++)
      expect((await unlock(shares[i] ?? "", "guess", `2001:db8:28::${i + 1}`)).statusCode).toBe(401);
    expect((await unlock(shares[0] ?? "", "right 0", "2001:db8:28::ffff")).statusCode).toBe(429);
    // Everyone else still unlocks.
    expect((await unlock(shares[1] ?? "", "right 1", "10.28.0.2")).statusCode).toBe(204);
  });

  it("are checked off the main thread: signed-in listings are answered while wrong passwords are being hashed", async () => {
    const owner = await createUser(server);
    const victim = await createUser(server);
    const shares = await protectedShares(owner, 16);
    const order: string[] = [];
    const attack = shares.map((share, i) =>
      unlock(share, "guess", `10.28.1.${i + 1}`).then((res) => {
        order.push("attacker");
        return res.statusCode;
      }),
    );
    // Five listings one after the other, each a few statements and turns of the event loop.
    for (let i = 0; i < 5; i++) {
      const listing = await server.app.inject({
        url: "/api/files?operation=list&path=/",
        headers: { cookie: victim.cookie },
      });
      expect(listing.statusCode).toBe(200);
    }
    order.push("victim");
    expect(await Promise.all(attack)).toEqual(shares.map(() => 401));
    // On the main thread, every hash under way ran before each next step of the listings: they came after nearly all.
    expect(order.indexOf("victim")).toBeLessThan(shares.length / 2);
  });
});

describe("2FA passwords (issue 28)", () => {
  it("are checked off the main thread: signed-in listings are answered while wrong ones are being hashed", async () => {
    const victim = await createUser(server);
    const stored = await hashPassword("the right one");
    const order: string[] = [];
    const guesses = Array.from({ length: 12 }, (_, i) =>
      verifyPassword(`guess ${i}`, stored).then((ok) => {
        order.push("guess");
        return ok;
      }),
    );
    for (let i = 0; i < 5; i++) {
      const listing = await server.app.inject({
        url: "/api/files?operation=list&path=/",
        headers: { cookie: victim.cookie },
      });
      expect(listing.statusCode).toBe(200);
    }
    order.push("victim");
    expect(await Promise.all(guesses)).toEqual(guesses.map(() => false));
    expect(await verifyPassword("the right one", stored)).toBe(true);
    expect(order.indexOf("victim")).toBeLessThan(guesses.length / 2);
  });
});

describe("keys of encrypted parts (issue 28)", () => {
  it("are derived off the pool every file read uses: another user's download is answered while they are", async () => {
    const attacker = await createUser(server);
    const victim = await createUser(server);
    // Files of one 1-byte encrypted part each, every part with a salt of its own, written straight to the store:
    // reading each costs a key derivation (the bytes need not even open; the cost comes first).
    const seed = await storeFile(server, attacker.cookie, Buffer.from("x"), { name: "seed.txt" });
    const [row] = await server.db.query<{ channel_id: number; parent_id: string }>(
      "SELECT channel_id, parent_id FROM files WHERE id = $1",
      [seed.id],
    );
    if (!row) throw new Error("no seed row");
    const store = openStore(server.config);
    const junk = [];
    for (let i = 0; i < 40; i++) {
      const partId = 880_000_000 + i;
      const bytes = Buffer.concat([MAGIC, crypto.randomBytes(encryptedSize(1) - MAGIC.length)]);
      expect(bytes.length).toBe(HEADER_SIZE + 17);
      await overwriteStored(store, { channelId: row.channel_id, partId }, bytes);
      const id = crypto.randomUUID();
      await server.db.query(
        `INSERT INTO files (id, name, type, mime_type, size, user_id, parent_id, parts, channel_id, encrypted)
         VALUES ($1, $2, 'file', 'application/octet-stream', 1, $3, $4, $5::jsonb, $6, true)`,
        [
          id,
          `junk${i}.bin`,
          attacker.userId,
          row.parent_id,
          JSON.stringify([{ id: partId, salt: newSalt() }]),
          row.channel_id,
        ],
      );
      junk.push({ id, name: `junk${i}.bin` });
    }
    store.close();
    const mine = await storeFile(server, victim.cookie, crypto.randomBytes(100_000), { name: "mine.bin" });

    const order: string[] = [];
    const attack = junk.map((f) =>
      server.app
        .inject({ url: `/api/files/${f.id}/${f.name}`, headers: { cookie: attacker.cookie } })
        .catch(() => undefined)
        .then(() => order.push("attacker")),
    );
    const download = await server.app.inject({
      url: `/api/files/${mine.id}/mine.bin`,
      headers: { cookie: victim.cookie },
    });
    order.push("victim");
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(100_000);
    await Promise.all(attack);
    // On libuv's pool the download's file reads queued behind the derivations and it came after nearly all of them.
    expect(order.indexOf("victim")).toBeLessThan(junk.length / 2);
  });
});
