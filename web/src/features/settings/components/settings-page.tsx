import { useParams } from "@tanstack/react-router";
import { usePageTitle } from "@/lib/document-title";
import { resolveSettingsTab } from "../lib/settings-tabs";
import { AccountTab } from "./account-tab";
import { ApiKeysTab } from "./api-keys-tab";
import { AppearanceTab } from "./appearance-tab";
import { GeneralTab } from "./general-tab";
import { InfoTab } from "./info-tab";
import { SettingsTabsNav } from "./settings-tabs-nav";

const PANELS = {
  general: GeneralTab,
  appearance: AppearanceTab,
  account: AccountTab,
  "api-keys": ApiKeysTab,
  info: InfoTab,
} as const;

/** /settings/$tabId: the tab strip and the chosen tab; an unknown tab shows Info. */
export function SettingsPage() {
  const { tabId } = useParams({ from: "/_authed/settings/$tabId" });
  const active = resolveSettingsTab(tabId);
  const Panel = PANELS[active];
  usePageTitle("Settings");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-medium">Settings</h1>
      <SettingsTabsNav active={active} />
      <Panel />
    </div>
  );
}
