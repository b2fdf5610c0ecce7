import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthedLayout } from "@/app/shell/components/authed-layout";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { knownApiGeneration } from "@/drive/api/generation";
import { sessionQueryOptions } from "@/drive/session/session";
import { prefetchAccountSettings } from "@/drive/settings/account-settings";
import { cursorPagesLib } from "@/features/files/hooks/cursor-pages-loader";

export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location, preload }) => {
    // Preloading (hovering a link) must never navigate; the real navigation runs the guard.
    if (preload) return;
    // What the server offers decides how searches are sent; asked alongside the session, so it costs no extra wait.
    const [session] = await Promise.all([
      context.queryClient.ensureQueryData(sessionQueryOptions()),
      context.queryClient.ensureQueryData(capabilitiesQueryOptions()).catch(() => undefined),
    ]);
    if (!session) throw redirect({ to: "/login", search: { redirect: location.href } });
    // Uploads follow the account's "Encrypt files" (kept on our server); nothing waits for it.
    void prefetchAccountSettings();
    // API-B pages by cursor: its paging code arrives before the first list draws.
    if (knownApiGeneration() === "B") await cursorPagesLib.load().catch(() => undefined);
  },
  component: AuthedLayout,
});
