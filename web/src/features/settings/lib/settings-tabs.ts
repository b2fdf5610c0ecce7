export const SETTINGS_TABS = [
  { id: "general", label: "General" },
  { id: "appearance", label: "Appearance" },
  { id: "account", label: "Account" },
  { id: "api-keys", label: "API keys" },
  { id: "info", label: "Info" },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]["id"];

/** The tab to show for a URL segment: any unknown value shows Info (spec section 2). */
export function resolveSettingsTab(tabId: string): SettingsTabId {
  return SETTINGS_TABS.find((tab) => tab.id === tabId)?.id ?? "info";
}

/** The tabs this server has: "API keys" only where it offers keys. */
export function visibleSettingsTabs(offersApiKeys: boolean) {
  return SETTINGS_TABS.filter((tab) => tab.id !== "api-keys" || offersApiKeys);
}
