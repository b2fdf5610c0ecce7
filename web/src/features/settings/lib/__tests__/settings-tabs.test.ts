import { describe, expect, it } from "vitest";
import { resolveSettingsTab, SETTINGS_TABS, visibleSettingsTabs } from "../settings-tabs";

describe("resolveSettingsTab", () => {
  it("keeps the spec's four tabs in order, with API keys before Info", () => {
    expect(SETTINGS_TABS.map((t) => t.id)).toEqual(["general", "appearance", "account", "api-keys", "info"]);
    for (const { id } of SETTINGS_TABS) expect(resolveSettingsTab(id)).toBe(id);
  });
  it("shows API keys only where the server offers them", () => {
    expect(visibleSettingsTabs(false).map((t) => t.id)).toEqual(["general", "appearance", "account", "info"]);
    expect(visibleSettingsTabs(true).map((t) => t.id)).toContain("api-keys");
  });
  it("shows info for anything else", () => {
    expect(resolveSettingsTab("nope")).toBe("info");
    expect(resolveSettingsTab("General")).toBe("info");
  });
});
