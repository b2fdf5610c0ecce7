import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthLayout } from "@/app/shell/components/auth-layout";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { generationQueryOptions } from "@/drive/api/generation";
import { sessionQueryOptions } from "@/drive/session/session";

export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ context, preload }) => {
    if (preload) return;
    void context.queryClient.prefetchQuery(capabilitiesQueryOptions());
    // Sign-in differs by generation (websocket or auth attempts): known before the form shows, asked alongside the
    // session (which waits for it anyway).
    const [session] = await Promise.all([
      context.queryClient.ensureQueryData(sessionQueryOptions()),
      context.queryClient.ensureQueryData(generationQueryOptions()).catch(() => undefined),
    ]);
    if (session) throw redirect({ to: "/my-drive", search: { path: "/" }, replace: true });
  },
  component: AuthLayout,
});
