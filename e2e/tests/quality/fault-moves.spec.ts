// A server killed (SIGKILL) while moves are in flight comes back with every file exactly once, intact, and every
// acknowledged move kept; a bulk move is all-or-nothing.
import fs from "node:fs";
import { expect, sha256, test, uniquePhone } from "../../fixtures.js";
import { signInRequest } from "../../lib/auth.js";
import { DriveApi } from "../../lib/drive-api.js";
import { startDriveServer } from "../../lib/server.js";

// Traces of request contexts that outlive a killed server break on the dropped connections.
test.use({ trace: "off" });

const BATCHES = 16;
const PER_BATCH = 3;

test("killing the server during moves loses, duplicates and half-moves nothing", async ({ playwright }) => {
  test.setTimeout(180_000);
  let server = await startDriveServer();
  const dataDir = server.dataDir;
  const phone = uniquePhone();
  // Cookies are not bound to a port, so this context stays signed in on the restarted server.
  const request = await playwright.request.newContext();
  try {
    await signInRequest(server, request, phone);
    const api = (base: string) => new DriveApi(request, base);
    let drive = api(server.baseURL);
    await drive.mkdir("/src");
    await drive.mkdir("/dst");
    const sums = new Map<string, string>();
    const batches: string[][] = [];
    for (let b = 0; b < BATCHES; b++) {
      const ids: string[] = [];
      for (let i = 0; i < PER_BATCH; i++) {
        const bytes = new Uint8Array(Buffer.from(`batch ${b} file ${i} `.repeat(150 + b * 7 + i)));
        const file = await drive.uploadFile("/src", `b${b}-f${i}.bin`, bytes, { partSize: 2048 });
        sums.set(file.id ?? "", sha256(bytes));
        ids.push(file.id ?? "");
      }
      batches.push(ids);
    }
    const dst = (await drive.list("/")).items.find((f) => f.name === "dst");
    expect(dst?.id).toBeDefined();

    // All bulk moves at once; the kill lands once the first is acknowledged, so others are still in flight.
    const acknowledged = new Set<number>();
    let killed: Promise<void> | undefined;
    const moves = batches.map(async (ids, b) => {
      try {
        const res = await request.post(`${server.baseURL}/api/files/move`, {
          data: { ids, destinationParent: dst?.id },
        });
        if (res.status() === 204) acknowledged.add(b);
      } catch {
        // Connection dropped by the kill: this move may or may not have happened.
      }
      if (acknowledged.size >= 1 && !killed) killed = server.kill();
    });
    await Promise.all(moves);
    await (killed ?? server.kill());
    expect(acknowledged.size, "the kill must land while moves are in flight").toBeLessThan(BATCHES);

    server = await startDriveServer({ dataDir });
    drive = api(server.baseURL);
    const srcItems = (await drive.list("/src", { limit: 1000 })).items;
    const dstItems = (await drive.list("/dst", { limit: 1000 })).items;
    const inSrc = new Set(srcItems.map((f) => f.id ?? ""));
    const inDst = new Set(dstItems.map((f) => f.id ?? ""));
    test.info().annotations.push({
      type: "moves",
      description: `${acknowledged.size} of ${BATCHES} acknowledged before the kill; ${dstItems.length / PER_BATCH} done after restart`,
    });

    for (const [b, ids] of batches.entries()) {
      const moved = ids.filter((id) => inDst.has(id)).length;
      const stayed = ids.filter((id) => inSrc.has(id)).length;
      expect(moved + stayed, `batch ${b}: every file exactly once`).toBe(PER_BATCH);
      expect([0, PER_BATCH], `batch ${b}: all or nothing`).toContain(moved);
      if (acknowledged.has(b)) expect(moved, `batch ${b} was acknowledged`).toBe(PER_BATCH);
    }
    for (const file of [...srcItems, ...dstItems])
      expect(sha256(await drive.download({ id: file.id ?? "", name: file.name })), `${file.name} intact`).toBe(
        sums.get(file.id ?? ""),
      );
  } finally {
    await request.dispose();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
