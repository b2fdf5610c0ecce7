import { createFileRoute, redirect } from "@tanstack/react-router";
import { sessionQueryOptions } from "@/features/auth/api/get-session";
import { AuthedLayout } from "@/features/layout/components/authed-layout";

export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location, preload }) => {
    // Preloading (hovering a link) must never navigate; the real navigation runs the guard.
    if (preload) return;
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: "/login", search: { redirect: location.href } });
  },
  component: AuthedLayout,
});
