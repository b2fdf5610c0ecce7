import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// The boot script runs before the app in index.html; it must read what the stores write.
import script from "../../../../../public/theme-boot.js?raw";
import { colorStylesToCss } from "../color-css";

function boot(osDark = false) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: osDark && query.includes("dark"), media: query })),
  );
  new Function(script)();
}

describe("public/theme-boot.js", () => {
  beforeEach(() => {
    document.documentElement.className = "";
    document.getElementById("md-color-scheme")?.remove();
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("follows the OS when nothing is stored", () => {
    boot(true);
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });
  it("applies the stored theme store value", () => {
    localStorage.setItem("theme", JSON.stringify({ state: { theme: "light" }, version: 0 }));
    boot(true);
    expect(document.documentElement.className).toBe("light");
  });
  it("writes the stored colours exactly as the app does", () => {
    const styles = { light: { "--md-primary": "#112233" }, dark: { "--md-primary": "#445566" } };
    localStorage.setItem("colorScheme", JSON.stringify({ state: { sourceColor: "#ff8a80", styles }, version: 0 }));
    boot();
    expect(document.getElementById("md-color-scheme")?.textContent).toBe(colorStylesToCss(styles));
  });
  it("survives broken storage", () => {
    localStorage.setItem("theme", "{not json");
    localStorage.setItem("colorScheme", "[]");
    boot(false);
    expect(document.documentElement.className).toBe("light");
    expect(document.getElementById("md-color-scheme")).toBeNull();
  });
});
