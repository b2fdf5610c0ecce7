import { describe, expect, it } from "vitest";
import { parseUpdatedAt } from "../src/files/lib/updated-at.js";

describe("updatedAt filters", () => {
  it("reads a day as the whole UTC day, whatever the operator", () => {
    expect(parseUpdatedAt("gte:2024-11-01,lte:2024-11-05")).toEqual([
      { op: "gte", date: "2024-11-01T00:00:00.000Z" },
      { op: "lt", date: "2024-11-06T00:00:00.000Z" },
    ]);
    expect(parseUpdatedAt("gt:2024-02-28")).toEqual([{ op: "gte", date: "2024-02-29T00:00:00.000Z" }]);
    expect(parseUpdatedAt("eq:2024-12-31")).toEqual([
      { op: "gte", date: "2024-12-31T00:00:00.000Z" },
      { op: "lt", date: "2025-01-01T00:00:00.000Z" },
    ]);
    expect(parseUpdatedAt("lt:2024-11-05")).toEqual([{ op: "lt", date: "2024-11-05T00:00:00.000Z" }]);
  });

  it("takes exact instants with their offset, as a client sends days of its own time zone", () => {
    expect(parseUpdatedAt("gte:2024-11-01T00:00:00+01:00,lte:2024-11-05T23:59:59.999+01:00")).toEqual([
      { op: "gte", date: "2024-10-31T23:00:00.000Z" },
      { op: "lte", date: "2024-11-05T22:59:59.999Z" },
    ]);
    expect(parseUpdatedAt("lt:2024-11-06T08:00:00.000Z")).toEqual([{ op: "lt", date: "2024-11-06T08:00:00.000Z" }]);
    // A '+' that form decoding turned into a space.
    expect(parseUpdatedAt("gte:2024-11-01T00:00 05:30")).toEqual([{ op: "gte", date: "2024-10-31T18:30:00.000Z" }]);
  });

  it.each([
    "",
    "gte:",
    "gte:2024-1-01",
    "ge:2024-01-01",
    "gte:2024-02-30",
    "gte:2024-02-30T00:00:00Z",
    "gte:2024-01-01T25:00:00Z",
    "gte:2024-01-01T00:00:00",
    "gte:2024-01-01,",
    "2024-01-01",
    "gte:yesterday",
  ])("refuses %j", (value) => expect(parseUpdatedAt(value)).toBeNull());
});
