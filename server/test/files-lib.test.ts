import { describe, expect, it } from "vitest";
import { categoryOf } from "../src/files/lib/category.js";
import { cleanName, queryWords } from "../src/files/lib/clean-name.js";
import { mimeTypeFor } from "../src/files/lib/mime.js";
import { nameProblem } from "../src/files/lib/names.js";
import { parseUpdatedAt } from "../src/files/lib/updated-at.js";

describe("categoryOf", () => {
  it.each([
    ["a.PDF", "document"],
    ["photo.heic", "image"],
    ["x.tar.gz", "archive"],
    ["song.Opus", "audio"],
    ["clip.mkv", "video"],
    ["README", "other"],
    ["weird.", "other"],
    [".mp4", "video"],
  ])("%s is %s", (name, category) => expect(categoryOf(name)).toBe(category));
});

describe("nameProblem", () => {
  it("accepts ordinary and unicode names", () => {
    expect(nameProblem("a b.txt")).toBeNull();
    expect(nameProblem("ü".repeat(127))).toBeNull();
    expect(nameProblem("...")).toBeNull();
  });
  it.each(["", ".", "..", "a/b", "/", "a\u0000", "x".repeat(256), "ü".repeat(128)])("refuses %j", (name) =>
    expect(nameProblem(name)).not.toBeNull(),
  );
});

describe("clean names", () => {
  it("lowercases and turns runs of non-alphanumerics into single spaces", () => {
    expect(cleanName("Beach_Holiday--2023.JPG")).toBe("beach holiday 2023 jpg");
    expect(queryWords("  Ärger & Über!! ")).toEqual(["ärger", "über"]);
    expect(queryWords("!!!")).toEqual([]);
  });
});

describe("parseUpdatedAt", () => {
  it("parses comma-separated op:date entries as midnight UTC", () => {
    expect(parseUpdatedAt("gte:2024-01-01,lt:2024-02-01")).toEqual([
      { op: "gte", date: "2024-01-01T00:00:00.000Z" },
      { op: "lt", date: "2024-02-01T00:00:00.000Z" },
    ]);
  });
  it.each(["", "gte:2024-1-01", "ge:2024-01-01", "gte:2024-02-30", "gte:2024-01-01,", "2024-01-01"])(
    "refuses %j",
    (value) => expect(parseUpdatedAt(value)).toBeNull(),
  );
});

describe("mimeTypeFor", () => {
  it("keeps a given type and guesses from the name otherwise", () => {
    expect(mimeTypeFor("a.mp4", "video/x-mine")).toBe("video/x-mine");
    expect(mimeTypeFor("a.mp4")).toBe("video/mp4");
    expect(mimeTypeFor("a.mp4", " ")).toBe("video/mp4");
    expect(mimeTypeFor("noext")).toBe("application/octet-stream");
  });
});
