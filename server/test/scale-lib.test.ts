import { describe, expect, it } from "vitest";
import { maintenanceFor } from "../src/db/maintenance.js";
import { nameSortKey } from "../src/db/name-key.js";
import { Turns } from "../src/db/turns.js";
import { regexProblem } from "../src/files/lib/regex-guard.js";
import { segmentRanges } from "../src/files/lib/segments.js";

/** Sorts as the database does: the keys' UTF-8 bytes (COLLATE "C"). */
const byKey = (names: string[]) =>
  [...names].sort((a, b) => Buffer.compare(Buffer.from(nameSortKey(a)), Buffer.from(nameSortKey(b))));

describe("nameSortKey", () => {
  it("orders names as people read them: case-insensitive, numbers by value, accents with their letter", () => {
    expect(
      byKey(["file10.txt", "File2.txt", "file1.txt", "Banana", "apple", "Äpfel", "éclair", "Zebra", "eagle"]),
    ).toEqual(["Äpfel", "apple", "Banana", "eagle", "éclair", "file1.txt", "File2.txt", "file10.txt", "Zebra"]);
  });

  it("puts punctuation before numbers and numbers before letters, and shorter names first", () => {
    expect(byKey(["a", "_a", "1a", "a b", "ab", "a1", " a"])).toEqual([" a", "_a", "1a", "a", "a b", "a1", "ab"]);
  });

  it("compares long and zero-padded numbers by value, the name breaking ties", () => {
    expect(byKey(["v100", "v99", "v0100", "v1000000000000000000000", "v9"])).toEqual([
      "v9",
      "v99",
      "v0100",
      "v100",
      "v1000000000000000000000",
    ]);
  });

  it("folds compatibility forms and keeps different names apart", () => {
    expect(nameSortKey("ﬁle２").startsWith(nameSortKey("file2").split("\u0001")[0] ?? "-")).toBe(true);
    expect(nameSortKey("Apple")).not.toBe(nameSortKey("apple"));
    expect(nameSortKey("x".repeat(255)).length).toBeLessThan(1300);
  });
});

describe("regexProblem", () => {
  it.each(["^IMG_\\d+\\.jpe?g$", "\\.(mp4|mkv)$", "s0[1-9]e\\d{2}", "(ab)+c", "[[:alpha:]]+_\\d{1,4}", "***=a(b"])(
    "allows %s",
    (p) => expect(regexProblem(p)).toBeNull(),
  );

  it.each([
    ["(a{1,255}){1,255}", /bounds/],
    ["(a{1,9}){1,9}", /nested/],
    ["(a+)*", /nested/],
    ["((a*)b)+", /nested/],
    ["(a)\\1", /back-references/],
    ["a{101}", /bounds/],
    ["x".repeat(201), /longer/],
    ["a*".repeat(21), /more than 20/],
    [".{1,100}".repeat(10), /adding up/],
    ["a{60}b{0,41}", /adding up/],
  ])("refuses %s", (p, why) => expect(regexProblem(p)).toMatch(why));
});

describe("segmentRanges", () => {
  const segments = [
    { type: "folder" as const, count: 3 },
    { type: "file" as const, count: 10 },
  ];
  it("puts folders first and continues into files", () => {
    expect(segmentRanges(segments, 0, 5)).toEqual([
      { type: "folder", start: 0, take: 3, count: 3 },
      { type: "file", start: 0, take: 2, count: 10 },
    ]);
    expect(segmentRanges(segments, 5, 5)).toEqual([{ type: "file", start: 2, take: 5, count: 10 }]);
    expect(segmentRanges(segments, 10, 5)).toEqual([{ type: "file", start: 7, take: 3, count: 10 }]);
    expect(segmentRanges(segments, 15, 5)).toEqual([]);
  });
});

describe("Turns", () => {
  it("serves requests first come, first served, and background work when no request waits", async () => {
    const turns = new Turns();
    const order: string[] = [];
    await turns.acquire("request");
    const waiters = [
      turns.acquire("background").then(() => order.push("bg")),
      turns.acquire("request").then(() => order.push("r1")),
      turns.acquire("request").then(() => order.push("r2")),
    ];
    expect(turns.waiting()).toEqual({ request: 2, background: 1 });
    for (let i = 0; i < 4; i++) {
      turns.release();
      await Promise.resolve();
      await Promise.resolve();
    }
    await Promise.all(waiters);
    expect(order).toEqual(["r1", "r2", "bg"]);
  });
});

describe("maintenanceFor", () => {
  const stats = {
    relname: "files",
    n_live_tup: 1_000_000,
    n_dead_tup: 0,
    n_ins_since_vacuum: 0,
    n_mod_since_analyze: 0,
  };
  it("vacuums after many dead or inserted rows and analyzes after many changes, like autovacuum", () => {
    expect(maintenanceFor(stats)).toBeNull();
    expect(maintenanceFor({ ...stats, n_dead_tup: 60_000 })).toBe("VACUUM (ANALYZE)");
    expect(maintenanceFor({ ...stats, n_ins_since_vacuum: 120_000 })).toBe("VACUUM (ANALYZE)");
    expect(maintenanceFor({ ...stats, n_mod_since_analyze: 120_000 })).toBe("ANALYZE");
  });
});
