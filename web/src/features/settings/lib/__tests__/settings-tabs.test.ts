import { describe, expect, it } from "vitest";
import { resolveSettingsTab, SETTINGS_TABS } from "../settings-tabs";

describe("resolveSettingsTab", () => {
  it("keeps the four tabs, in order", () => {
    expect(SETTINGS_TABS.map((t) => t.id)).toEqual(["general", "appearance", "account", "info"]);
    for (const { id } of SETTINGS_TABS) expect(resolveSettingsTab(id)).toBe(id);
  });
  it("shows info for anything else", () => {
    expect(resolveSettingsTab("nope")).toBe("info");
    expect(resolveSettingsTab("General")).toBe("info");
  });
});
