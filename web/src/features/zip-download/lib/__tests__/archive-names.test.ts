import { describe, expect, it } from "vitest";
import { archiveName, FolderNames, safeSegment } from "../archive-names";

describe("safeSegment", () => {
  it("keeps ordinary and Unicode names as they are", () => {
    for (const name of ["report.pdf", "Café.txt", "Cafe\u0301.txt", "日本語 ファイル.bin", "emoji 🎉.png", "a b.c.d"])
      expect(safeSegment(name)).toBe(name);
  });
  it("never lets a name become a path: separators, NUL and controls are replaced", () => {
    expect(safeSegment("a/b")).toBe("a_b");
    expect(safeSegment("..\\..\\windows\\system.ini")).toBe(".._.._windows_system.ini");
    expect(safeSegment("/etc/passwd")).toBe("_etc_passwd");
    expect(safeSegment("nul\u0000byte")).toBe("nul_byte");
    expect(safeSegment("line\nbreak\u007f")).toBe("line_break_");
    expect(safeSegment("C:evil")).toBe("C_evil");
  });
  it("turns the dot segments and the empty name into plain names", () => {
    expect(safeSegment("..")).toBe("__");
    expect(safeSegment(".")).toBe("_");
    expect(safeSegment("")).toBe("_");
    expect(safeSegment("...")).toBe("...");
    expect(safeSegment(".hidden")).toBe(".hidden");
  });
});

describe("FolderNames", () => {
  it("numbers names that would land on one file on Windows or macOS", () => {
    const names = new FolderNames();
    expect(names.claim("Report.txt", false)).toBe("Report.txt");
    expect(names.claim("report.txt", false)).toBe("report (2).txt");
    expect(names.claim("REPORT.TXT", false)).toBe("REPORT (3).TXT");
    expect(names.claim("Cafe\u0301.txt", false)).toBe("Cafe\u0301.txt");
    expect(names.claim("Caf\u00e9.txt", false)).toBe("Caf\u00e9 (2).txt");
  });
  it("shares one namespace between files and folders, and keeps a folder's dots", () => {
    const names = new FolderNames();
    expect(names.claim("v1.2", true)).toBe("v1.2");
    expect(names.claim("V1.2", true)).toBe("V1.2 (2)");
    expect(names.claim("v1.2", false)).toBe("v1 (2).2");
  });
  it("numbers names that only clash once made safe, and skips a number already taken", () => {
    const names = new FolderNames();
    expect(names.claim("a_b", false)).toBe("a_b");
    expect(names.claim("a (2)_b", false)).toBe("a (2)_b");
    expect(names.claim("a/b", false)).toBe("a_b (2)");
    expect(names.claim(".bashrc", false)).toBe(".bashrc");
    expect(names.claim(".BASHRC", false)).toBe(".BASHRC (2)");
  });
});

describe("archiveName", () => {
  it("is the one item's name, else the count", () => {
    expect(archiveName([{ name: "Photos 2024" }])).toBe("Photos 2024.zip");
    expect(archiveName([{ name: "../up" }])).toBe(".._up.zip");
    expect(archiveName([{ name: "a" }, { name: "b" }, { name: "c" }])).toBe("3 items.zip");
  });
});
