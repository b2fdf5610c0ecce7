import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { COLOR_ROLES, roleToSchemeKey } from "../color-roles";
import { generateColorStyles } from "../generate-color-styles";

describe("generateColorStyles", () => {
  it("produces every role for light and dark", () => {
    const styles = generateColorStyles("#82b1ff");
    for (const mode of [styles.light, styles.dark]) {
      expect(Object.keys(mode).sort()).toEqual(COLOR_ROLES.map((r) => `--md-${r}`).sort());
      for (const value of Object.values(mode)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
  it("gives a dark surface in dark mode and a light one in light mode", () => {
    const { light, dark } = generateColorStyles("#ff8a80");
    const lightness = (hex: string | undefined) => Number.parseInt((hex ?? "#000000").slice(1, 3), 16);
    expect(lightness(light["--md-surface"])).toBeGreaterThan(200);
    expect(lightness(dark["--md-surface"])).toBeLessThan(50);
  });
  it("depends on the source colour", () => {
    expect(generateColorStyles("#ff8a80").light["--md-primary"]).not.toBe(
      generateColorStyles("#82b1ff").light["--md-primary"],
    );
  });
  it("matches the defaults of styles.css for the default colour, so a reset looks like the default", () => {
    const { light, dark } = generateColorStyles("#82b1ff");
    const css = readFileSync(resolve(import.meta.dirname, "../../../../styles.css"), "utf8");
    const darkBlock = css.slice(css.indexOf("html.dark {"));
    for (const role of COLOR_ROLES) {
      expect(css).toContain(`var(--md-${role}, ${light[`--md-${role}`]})`);
      expect(darkBlock).toContain(`--md-${role}: ${dark[`--md-${role}`]};`);
    }
  });
  it("refuses text that is not a hex colour", () => {
    expect(() => generateColorStyles("blue")).toThrow();
  });
  it("maps role names to scheme properties", () => {
    expect(roleToSchemeKey("on-primary-container")).toBe("onPrimaryContainer");
    expect(roleToSchemeKey("surface-container-high")).toBe("surfaceContainerHigh");
  });
});
