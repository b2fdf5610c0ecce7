import { describe, expect, it } from "vitest";
import { colorStylesToCss } from "../color-css";

describe("colorStylesToCss", () => {
  it("writes light roles for the root and dark roles for the dark class", () => {
    expect(colorStylesToCss({ light: { "--md-primary": "#3c5ba9" }, dark: { "--md-primary": "#b1c5ff" } })).toBe(
      "html:root{--md-primary:#3c5ba9;}html:root.dark{--md-primary:#b1c5ff;}",
    );
  });
  it("drops anything that is not a --md-* name with a hex value", () => {
    const css = colorStylesToCss({
      light: { "--md-primary": "red;}body{display:none", color: "#000000", "--md-surface": "#ffffff" },
      dark: {},
    });
    expect(css).toBe("html:root{--md-surface:#ffffff;}html:root.dark{}");
  });
});
