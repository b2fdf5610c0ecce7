import { describe, expect, it } from "vitest";
import { foldersFirst, layoutWalk, pageRowsOf, tailNeedsFilesOnly, type WalkRow, walkNeed } from "../cursor-walk";

/** A list of `n` rows named r0..r(n-1), cut into cursor pages as a server would send them. */
function list(n: number) {
  const rows: WalkRow[] = Array.from({ length: n }, (_, i) => ({ id: `r${i}`, type: "file" }));
  const pages = (from: readonly WalkRow[], size: number, count: number) =>
    Array.from({ length: count }, (_, i) => from.slice(i * size, (i + 1) * size));
  const reversed = [...rows].reverse();
  return {
    rows,
    head: (size: number, count: number) => ({ head: pages(rows, size, count), headMore: count * size < n }),
    tail: (size: number, count: number) => ({ tail: pages(reversed, size, count), tailMore: count * size < n }),
  };
}

const ids = (layout: { count: number; itemAt(i: number): WalkRow | undefined }) =>
  Array.from({ length: layout.count }, (_, i) => layout.itemAt(i)?.id ?? "·");

describe("layoutWalk", () => {
  it("is exact when the head walk reached the end", () => {
    const l = list(7);
    const layout = layoutWalk({ ...l.head(5, 2), tail: [], tailMore: true, pageRows: 5, reserve: 0 });
    expect(layout).toMatchObject({ count: 7, complete: true, loaded: 7 });
    expect(ids(layout)).toEqual(l.rows.map((r) => r.id));
  });

  it("puts the tail's first page at the bottom, with placeholders between, and says N+ rows", () => {
    const l = list(1000);
    const layout = layoutWalk({ ...l.head(10, 1), ...l.tail(10, 1), pageRows: 10, reserve: 0 });
    expect(layout.complete).toBe(false);
    expect(layout.loaded).toBe(20);
    expect(layout.count).toBeGreaterThanOrEqual(30);
    expect(layout.itemAt(0)?.id).toBe("r0");
    expect(layout.itemAt(9)?.id).toBe("r9");
    expect(layout.itemAt(10)).toBeUndefined();
    expect(layout.itemAt(layout.count - 1)?.id).toBe("r999");
    expect(layout.itemAt(layout.count - 10)?.id).toBe("r990");
    expect(layout.itemAt(layout.count - 11)).toBeUndefined();
  });

  it("keeps every shown row at its index while either walk grows within the reserve", () => {
    const l = list(1000);
    const first = layoutWalk({ ...l.head(10, 1), ...l.tail(10, 1), pageRows: 10, reserve: 0 });
    const grown = layoutWalk({ ...l.head(10, 2), ...l.tail(10, 2), pageRows: 10, reserve: first.reserve });
    expect(grown.count).toBe(first.count);
    for (let i = 0; i < first.count; i++) {
      const before = first.itemAt(i);
      if (before) expect(grown.itemAt(i)).toEqual(before);
    }
  });

  it("grows the reserve when the walks need more room than it has", () => {
    const l = list(1000);
    const small = layoutWalk({ ...l.head(10, 1), ...l.tail(10, 1), pageRows: 10, reserve: 30 });
    const more = layoutWalk({ ...l.head(10, 3), ...l.tail(10, 1), pageRows: 10, reserve: small.reserve });
    expect(more.count).toBeGreaterThan(small.count);
    expect(more.itemAt(29)?.id).toBe("r29");
    expect(more.itemAt(more.count - 1)?.id).toBe("r999");
  });

  it("turns exact once the walks overlap, every row once and in order", () => {
    const l = list(25);
    const layout = layoutWalk({ ...l.head(10, 2), ...l.tail(10, 1), pageRows: 10, reserve: 60 });
    expect(layout).toMatchObject({ count: 25, complete: true });
    expect(ids(layout)).toEqual(l.rows.map((r) => r.id));
  });

  it("is exact when the tail walk alone reached the top (End in a short list)", () => {
    const l = list(15);
    const layout = layoutWalk({ ...l.head(10, 1), ...l.tail(10, 2), pageRows: 10, reserve: 0 });
    expect(layout).toMatchObject({ count: 15, complete: true });
    expect(ids(layout)).toEqual(l.rows.map((r) => r.id));
  });

  it("on a folders-first server, completes a files-only tail with the folders the head read", () => {
    const folders: WalkRow[] = [
      { id: "f0", type: "folder" },
      { id: "f1", type: "folder" },
    ];
    const files: WalkRow[] = Array.from({ length: 6 }, (_, i) => ({ id: `x${i}`, type: "file" }));
    const layout = layoutWalk({
      head: [[...folders, files[0] as WalkRow, files[1] as WalkRow]],
      headMore: true,
      tail: [[...files].reverse()],
      tailMore: false,
      tailFilesOnly: true,
      pageRows: 4,
      reserve: 0,
    });
    expect(layout).toMatchObject({ count: 8, complete: true });
    expect(ids(layout)).toEqual(["f0", "f1", "x0", "x1", "x2", "x3", "x4", "x5"]);
  });
});

describe("walkNeed", () => {
  const layout = { complete: false, headRows: 100, tailStart: 900 };
  const more = { head: true, tail: true };
  it("steps the head when the view nears its end, the tail when End took the view there", () => {
    expect(walkNeed(layout, { first: 80, last: 95, velocity: 0 }, more, 100)).toBe("head");
    expect(walkNeed(layout, { first: 984, last: 999, velocity: 0 }, more, 100)).toBeUndefined();
    expect(walkNeed(layout, { first: 900, last: 915, velocity: 0 }, more, 100)).toBe("tail");
  });
  it("leaves both alone while the view is well inside the loaded rows", () => {
    expect(walkNeed(layout, { first: 10, last: 25, velocity: 0 }, more, 100)).toBeUndefined();
  });
  it("steps the nearer walk for a view dropped into the gap", () => {
    expect(walkNeed(layout, { first: 200, last: 215, velocity: 0 }, more, 100)).toBe("head");
    expect(walkNeed(layout, { first: 800, last: 815, velocity: 0 }, more, 100)).toBe("tail");
  });
  it("does not step the tail when the gap has no room for its page; the head walks into the gap instead", () => {
    const tight = { complete: false, headRows: 100, tailStart: 150 };
    expect(walkNeed(tight, { first: 140, last: 155, velocity: 0 }, more, 100)).toBe("head");
    expect(walkNeed(tight, { first: 160, last: 175, velocity: 0 }, more, 100)).toBeUndefined();
  });
  it("waits while the list is flung too fast to read, and never steps a complete list", () => {
    expect(walkNeed(layout, { first: 200, last: 215, velocity: 100_000 }, more, 100)).toBeUndefined();
    expect(walkNeed({ ...layout, complete: true }, { first: 200, last: 215, velocity: 0 }, more, 100)).toBeUndefined();
  });
});

describe("End in a cursor-walked list", () => {
  it("shows the last rows and keeps them where they are while the walks settle", () => {
    const l = list(130);
    let heads = 1;
    let tails = 1;
    let reserve = 0;
    const lay = () => {
      const layout = layoutWalk({ ...l.head(20, heads), ...l.tail(20, tails), pageRows: 20, reserve });
      reserve = layout.reserve;
      return layout;
    };
    let layout = lay();
    // End: the last 24 rows in view.
    const view = { first: layout.count - 24, last: layout.count - 1, velocity: 0 };
    const shown = () => Array.from({ length: 24 }, (_, i) => layout.itemAt(view.first + i)?.id);
    for (let step = 0; step < 20; step++) {
      const need = walkNeed(layout, view, { head: heads * 20 < 130, tail: tails * 20 < 130 }, 20);
      if (!need) break;
      if (need === "head") heads++;
      else tails++;
      layout = lay();
      expect(layout.itemAt(layout.count - 1)?.id).toBe("r129");
    }
    expect(shown()).toEqual(Array.from({ length: 24 }, (_, i) => `r${106 + i}`));
  });
});

describe("helpers", () => {
  it("takes the server's page size from a full first page", () => {
    expect(pageRowsOf(new Array(100), true, 500)).toBe(100);
    expect(pageRowsOf(new Array(7), false, 500)).toBe(500);
  });
  it("tells a folders-first server from one that sorts folders among files", () => {
    expect(foldersFirst([[{ type: "folder" }, { type: "file" }], [{ type: "file" }]])).toBe(true);
    expect(foldersFirst([[{ type: "file" }, { type: "folder" }]])).toBe(false);
    expect(tailNeedsFilesOnly({}, [[{ type: "folder" }]])).toBe(true);
    expect(tailNeedsFilesOnly({ type: "file" }, [[{ type: "folder" }]])).toBe(false);
  });
});
