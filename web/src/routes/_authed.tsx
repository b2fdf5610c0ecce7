import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthedLayout } from "@/app/shell/components/authed-layout";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { sessionQueryOptions } from "@/drive/session/session";

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
  },
  component: AuthedLayout,
});
