import { describe, expect, it } from "vitest";
import {
  groupByMonth,
  layoutTimeline,
  monthKey,
  rowAt,
  rowsBetween,
  takenDates,
  timelineDate,
  wallClock,
} from "../timeline";

// Local dates, so the months are the same in every time zone the tests run in.
const at = (year: number, month: number, day: number) => ({ date: new Date(year, month - 1, day, 12) });
const dateOf = (x: { date: Date }) => x.date;

describe("groupByMonth", () => {
  it("groups consecutive items of one month, newest first as they come, with month and year labels", () => {
    const items = [at(2026, 11, 20), at(2026, 11, 2), at(2026, 10, 31), at(2025, 11, 30), at(2025, 11, 1)];
    expect(groupByMonth(items, dateOf, "en-US")).toEqual([
      { key: "2026-11", label: "November 2026", start: 0, count: 2 },
      { key: "2026-10", label: "October 2026", start: 2, count: 1 },
      { key: "2025-11", label: "November 2025", start: 3, count: 2 },
    ]);
  });

  it("puts items without a valid date in a group of their own and has no groups for no items", () => {
    const groups = groupByMonth([at(2026, 1, 5), { date: new Date("nonsense") }], dateOf, "en-US");
    expect(groups.map((g) => [g.key, g.label, g.count])).toEqual([
      ["2026-01", "January 2026", 1],
      ["unknown", "No date", 1],
    ]);
    expect(groupByMonth([], dateOf)).toEqual([]);
  });

  it("keys months in the local time zone", () => {
    expect(monthKey(new Date(2026, 0, 1, 0, 5))).toBe("2026-01");
    expect(monthKey(new Date(2025, 11, 31, 23, 55))).toBe("2025-12");
  });
});

describe("timelineDate", () => {
  // Noon UTC mid-month: the same month in every time zone the tests run in.
  const taken2019 = "2019-07-14T12:00:00Z";
  const pages = [
    { items: [{ id: "a", takenAt: taken2019 }, { id: "b" }] },
    {
      items: [
        { id: "c", takenAt: "not a date" },
        { id: "d", takenAt: "2021-01-15T12:00:00Z" },
      ],
    },
  ];
  const uploaded = new Date(2026, 10, 27, 12);

  it("is when a picture was taken where the server says, else its drive time", () => {
    const taken = takenDates(pages);
    expect([...taken.keys()]).toEqual(["a", "d"]);
    expect(timelineDate({ id: "a", modDate: uploaded }, taken)).toEqual(new Date(2019, 6, 14, 12));
    expect(timelineDate({ id: "b", modDate: uploaded }, taken)).toBe(uploaded);
    expect(timelineDate({ id: "c", modDate: uploaded }, taken)).toBe(uploaded);
  });

  it("puts a photo uploaded today but taken in 2019 in July 2019", () => {
    const items = ["b", "c", "d", "a"].map((id) => ({ id, modDate: uploaded }));
    const taken = takenDates(pages);
    expect(groupByMonth(items, (item) => timelineDate(item, taken), "en-US").map((g) => [g.label, g.count])).toEqual([
      ["November 2026", 2],
      ["January 2021", 1],
      ["July 2019", 1],
    ]);
  });
});

describe("wallClock", () => {
  // The zones a viewer may be in: far west, UTC, far east. Node applies a TZ set while it runs.
  const zones = ["America/Los_Angeles", "UTC", "Asia/Tokyo", "Pacific/Kiritimati"];
  const inZone = (zone: string, run: () => void) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      run();
    } finally {
      process.env.TZ = before;
    }
  };

  it("keeps a picture taken just after midnight on the 1st in its month and day, in every viewer's zone", () => {
    for (const zone of zones)
      inZone(zone, () => {
        // Sanity: the zone is in force (the same instant reads as another day west and east of UTC).
        if (zone === "America/Los_Angeles") expect(new Date("2025-07-01T00:30:00Z").getDate()).toBe(30);
        const date = wallClock("2025-07-01T00:30:00Z");
        expect([date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()]).toEqual([
          2025, 7, 1, 0, 30,
        ]);
        const items = [{ id: "p", modDate: new Date(2026, 10, 27) }];
        const taken = takenDates([{ items: [{ id: "p", takenAt: "2025-07-01T00:30:00Z" }] }]);
        expect(groupByMonth(items, (item) => timelineDate(item, taken), "en-US")[0]?.label).toBe("July 2025");
        // The last second of a year stays in it.
        expect(monthKey(wallClock("2020-12-31T23:59:59Z"))).toBe("2020-12");
      });
  });

  it("is an invalid date for what is no date", () => {
    expect(Number.isNaN(wallClock("not a date").getTime())).toBe(true);
  });
});

describe("layoutTimeline", () => {
  const groups = groupByMonth(
    [...Array.from({ length: 5 }, () => at(2026, 11, 1)), ...Array.from({ length: 2 }, () => at(2026, 9, 1))],
    dateOf,
    "en-US",
  );
  const layout = layoutTimeline(groups, { columns: 3, headingHeight: 40, rowHeight: 100 });

  it("puts each month's heading before its rows of tiles", () => {
    expect(layout.rows).toEqual([
      { kind: "heading", group: 0, top: 0, height: 40 },
      { kind: "tiles", group: 0, first: 0, count: 3, top: 40, height: 100 },
      { kind: "tiles", group: 0, first: 3, count: 2, top: 140, height: 100 },
      { kind: "heading", group: 1, top: 240, height: 40 },
      { kind: "tiles", group: 1, first: 5, count: 2, top: 280, height: 100 },
    ]);
    expect(layout.height).toBe(380);
    expect([...layout.rowOfItem]).toEqual([1, 1, 1, 2, 2, 4, 4]);
  });

  it("finds the rows at and between offsets", () => {
    expect(rowAt(layout.rows, 0)).toBe(0);
    expect(rowAt(layout.rows, 139)).toBe(1);
    expect(rowAt(layout.rows, 140)).toBe(2);
    expect(rowAt(layout.rows, 10_000)).toBe(4);
    expect(rowAt([], 0)).toBe(-1);
    expect(rowsBetween(layout.rows, 100, 250)).toEqual([1, 2, 3]);
  });

  it("gives the keys its rows of tiles, headings left out (lib/grid-focus.ts moves across them)", () => {
    const { focusRows } = layout;
    expect(focusRows.rows).toBe(3);
    expect([0, 1, 2].map((r) => [focusRows.firstOf(r), focusRows.endOf(r)])).toEqual([
      [0, 3],
      [3, 5],
      [5, 7],
    ]);
    expect(Array.from({ length: 7 }, (_, i) => focusRows.rowOf(i))).toEqual([0, 0, 0, 1, 1, 2, 2]);
  });

  it("scales to a big timeline", () => {
    const many = Array.from({ length: 12_000 }, (_, i) =>
      at(2026 - Math.floor(i / 1200), 12 - (Math.floor(i / 100) % 12), 1),
    );
    const big = layoutTimeline(groupByMonth(many, dateOf, "en-US"), { columns: 7, headingHeight: 48, rowHeight: 120 });
    expect(big.rows.filter((r) => r.kind === "heading")).toHaveLength(120);
    expect(big.rows.filter((r) => r.kind === "tiles")).toHaveLength(120 * Math.ceil(100 / 7));
    expect(big.rows[rowAt(big.rows, big.height - 1)]).toEqual(big.rows.at(-1));
    expect(big.focusRows.rows).toBe(120 * Math.ceil(100 / 7));
    expect(big.focusRows.rowOf(11_999)).toBe(big.focusRows.rows - 1);
  });
});
