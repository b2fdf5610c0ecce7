import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { Blobs } from "../src/storage/blobs.js";
import { DiskStore } from "../src/storage/disk-store.js";

describe("the disk store", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "disk-store-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("removes temp files left by a crash when it starts", () => {
    const channelDir = path.join(dir, "11");
    fs.mkdirSync(channelDir, { recursive: true });
    fs.writeFileSync(path.join(channelDir, "5.tmp-abc"), "half");
    fs.writeFileSync(path.join(channelDir, "6"), "whole");
    new DiskStore(dir);
    expect(fs.readdirSync(channelDir)).toEqual(["6"]);
  });

  it("keeps parts as <root>/<channelId>/<partId> and refuses ids that are not whole numbers", () => {
    const store = new DiskStore(dir);
    expect(store.partPath({ channelId: 12, partId: 34 })).toBe(path.join(dir, "12", "34"));
    expect(() => store.partPath({ channelId: 1.5, partId: 1 })).toThrow(/invalid storage id/);
    expect(() => store.partPath({ channelId: 1, partId: -1 })).toThrow(/invalid storage id/);
  });
});

describe("a failing disk", () => {
  it("answers a part it cannot store with the store's error, not as the client's fault", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "disk-store-broken-"));
    // The channel's folder is a file: no part can be made in it.
    fs.mkdirSync(path.join(dir, "channels"));
    fs.writeFileSync(path.join(dir, "channels", "1"), "not a folder");
    const blobs = new Blobs(loadConfig({ DATA_DIR: dir }));
    const body = crypto.randomBytes(100_000);
    const err = await blobs
      .writePart({ channelId: 1, partId: 1, body: Readable.from([body]), length: body.length, encrypted: false })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: expect.stringMatching(/^E(EXIST|NOTDIR)$/) });
    expect(err).not.toHaveProperty("status");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
