import { describe, expect, it } from "vitest";
import {
  enumParam,
  numberParam,
  optionalBooleanParam,
  optionalEnumParam,
  optionalNumberParam,
  optionalTextParam,
  searchSchema,
  textParam,
} from "../route-search";

const schema = searchSchema({
  path: textParam("/"),
  query: optionalTextParam(),
  page: numberParam(1),
  order: enumParam(["asc", "desc"], "asc"),
  sort: optionalEnumParam(["name", "size"]),
  deep: optionalBooleanParam(),
  days: optionalNumberParam(),
});

describe("route search params", () => {
  it("fills defaults for missing params and leaves optional ones out", () => {
    expect(schema.parse({})).toEqual({ path: "/", page: 1, order: "asc" });
    expect(schema.parse(undefined)).toEqual({ path: "/", page: 1, order: "asc" });
  });
  it("keeps valid values", () => {
    expect(
      schema.parse({ path: "/Docs", query: "cat", page: 3, order: "desc", sort: "size", deep: true, days: -2 }),
    ).toEqual({ path: "/Docs", query: "cat", page: 3, order: "desc", sort: "size", deep: true, days: -2 });
  });
  it("reads numbers the router parsed from text back as text", () => {
    expect(schema.parse({ path: 2024, query: 123 })).toMatchObject({ path: "2024", query: "123" });
  });
  it("reads numeric and boolean text", () => {
    expect(schema.parse({ page: "7", deep: "false", days: "30" })).toMatchObject({ page: 7, deep: false, days: 30 });
  });
  it("falls back or drops bad values instead of failing", () => {
    expect(
      schema.parse({ path: { x: 1 }, query: ["a"], page: "many", order: "sideways", sort: 1, deep: "yes", days: "" }),
    ).toEqual({ path: "/", page: 1, order: "asc" });
  });
  it("drops params it does not know", () => {
    expect(schema.parse({ other: "x" })).toEqual({ path: "/", page: 1, order: "asc" });
  });
});
