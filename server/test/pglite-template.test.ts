import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "drive-template-test-"));
process.env.PGLITE_TEMPLATE_DIR = path.join(root, "cache");
const { seedFromTemplate } = await import("../src/db/pglite-template.js");

/** Stands in for PGlite.create: "initialises" a directory by writing what initdb would, counting its runs. */
let initdbRuns = 0;
const fakeCreate = async (dir: string) => {
  initdbRuns++;
  fs.writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
  fs.mkdirSync(path.join(dir, "base"));
  fs.writeFileSync(path.join(dir, "base", "1"), "catalog");
  return { close: async () => {} } as unknown as PGlite;
};

beforeAll(() => {
  initdbRuns = 0;
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("initialises once, then fills every new data directory with a copy", async () => {
  const a = path.join(root, "a");
  const b = path.join(root, "b");
  fs.mkdirSync(a);
  await seedFromTemplate(a, fakeCreate);
  await seedFromTemplate(b, fakeCreate);
  expect(initdbRuns).toBe(1);
  for (const dir of [a, b]) expect(fs.readFileSync(path.join(dir, "base", "1"), "utf8")).toBe("catalog");
});

it("leaves a directory that already holds a database alone", async () => {
  const dir = path.join(root, "existing");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "PG_VERSION"), "mine");
  await seedFromTemplate(dir, fakeCreate);
  expect(fs.readdirSync(dir)).toEqual(["PG_VERSION"]);
  expect(fs.readFileSync(path.join(dir, "PG_VERSION"), "utf8")).toBe("mine");
});

it("falls back to an empty directory (PGlite then runs initdb itself) when no template can be made", async () => {
  const dir = path.join(root, "fallback");
  fs.rmSync(path.join(root, "cache"), { recursive: true, force: true });
  await seedFromTemplate(dir, async () => {
    throw new Error("disk full");
  });
  expect(fs.readdirSync(dir)).toEqual([]);
});
