import { describe, expect, it } from "vitest";
import { enumParam, numberParam, optionalTextParam, textParam, z } from "../route-search";

const schema = z.object({
  path: textParam("/"),
  query: optionalTextParam(),
  page: numberParam(1),
  order: enumParam(["asc", "desc"], "asc"),
});

describe("route search params", () => {
  it("fills defaults for missing params", () => {
    expect(schema.parse({})).toEqual({ path: "/", query: undefined, page: 1, order: "asc" });
  });
  it("keeps valid values", () => {
    expect(schema.parse({ path: "/Docs", query: "cat", page: 3, order: "desc" })).toEqual({
      path: "/Docs",
      query: "cat",
      page: 3,
      order: "desc",
    });
  });
  it("reads numbers the router parsed from text back as text", () => {
    expect(schema.parse({ path: 2024, query: 123 })).toMatchObject({ path: "2024", query: "123" });
  });
  it("falls back instead of failing on bad values", () => {
    expect(schema.parse({ path: { x: 1 }, query: ["a"], page: "many", order: "sideways" })).toEqual({
      path: "/",
      query: undefined,
      page: 1,
      order: "asc",
    });
  });
  it("accepts numeric text as a number", () => {
    expect(schema.parse({ page: "7" }).page).toBe(7);
  });
});
