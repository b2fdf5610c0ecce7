import { describe, expect, it } from "vitest";
import { parseThemeMode, resolveTheme } from "../resolve-theme";

describe("resolveTheme", () => {
  it("uses an explicit choice whatever the OS says", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
  it("follows the OS for system", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
  });
});

describe("parseThemeMode", () => {
  it("keeps known modes and defaults anything else to system", () => {
    expect(parseThemeMode("dark")).toBe("dark");
    expect(parseThemeMode("light")).toBe("light");
    expect(parseThemeMode("purple")).toBe("system");
    expect(parseThemeMode(undefined)).toBe("system");
  });
});
