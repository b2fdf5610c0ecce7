import { describe, expect, it } from "vitest";
import { folderOfPath, notLoadedNote, originLabel } from "../trash-text";

describe("trash text", () => {
  it("says how many items below are not loaded, and nothing once all are", () => {
    expect(notLoadedNote(100, 250)).toBe("150 more below not loaded");
    expect(notLoadedNote(100, 101)).toBe("1 more below not loaded");
    expect(notLoadedNote(101, 101)).toBeUndefined();
    expect(notLoadedNote(0, 0)).toBeUndefined();
  });
  it("names where an item was deleted from and where it goes back", () => {
    expect(originLabel("/")).toBe("My Drive");
    expect(originLabel("/Work/Trip")).toBe("Work / Trip");
    expect(folderOfPath("/Docs/a.txt")).toBe("Docs");
    expect(folderOfPath("/a.txt")).toBe("My Drive");
  });
});
