import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { apiKeysQueryOptions } from "../api/api-keys";
import { type SettingsTabId, visibleSettingsTabs } from "../lib/settings-tabs";

/**
 * The tab strip. Each tab is a link (so it can be opened or shared); switching replaces the history
 * entry, and a highlight slides under the active tab.
 */
export function SettingsTabsNav({ active }: { active: SettingsTabId }) {
  const offersApiKeys = Boolean(useQuery(apiKeysQueryOptions()).data);
  const tabs = visibleSettingsTabs(offersApiKeys);
  const index = tabs.findIndex((tab) => tab.id === active);
  return (
    <nav aria-label="Settings" className="relative flex rounded-full bg-surface-container p-1">
      <span
        aria-hidden
        data-testid="settings-tab-highlight"
        className="absolute top-1 bottom-1 left-1 rounded-full bg-secondary-container transition-transform duration-300 ease-out motion-reduce:transition-none"
        style={{ width: `calc((100% - 0.5rem) / ${tabs.length})`, transform: `translateX(${index * 100}%)` }}
      />
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to="/settings/$tabId"
          params={{ tabId: tab.id }}
          replace
          aria-current={tab.id === active ? "page" : undefined}
          className="relative z-10 flex h-10 min-w-0 flex-1 basis-0 items-center justify-center rounded-full px-1 text-center text-xs font-medium sm:text-sm text-on-surface-variant outline-none focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:text-on-secondary-container"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
