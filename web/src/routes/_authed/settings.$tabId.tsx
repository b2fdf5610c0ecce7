import { createFileRoute } from "@tanstack/react-router";
import { channelsQueryOptions } from "@/features/settings/api/get-channels";
import { sessionsQueryOptions } from "@/features/settings/api/get-sessions";
import { userConfigQueryOptions } from "@/features/settings/api/get-user-config";
import { SettingsPage } from "@/features/settings/components/settings-page";

export const Route = createFileRoute("/_authed/settings/$tabId")({
  loader: async ({ params, context: { queryClient } }) => {
    if (params.tabId !== "account") return;
    await Promise.all([
      queryClient.ensureQueryData(sessionsQueryOptions()),
      queryClient.ensureQueryData(userConfigQueryOptions()),
      queryClient.ensureQueryData(channelsQueryOptions()),
    ]);
  },
  component: SettingsPage,
});
