import { createFileRoute, redirect } from "@tanstack/react-router";
import { sessionQueryOptions } from "@/features/auth/api/get-session";
import { AuthLayout } from "@/features/layout/components/auth-layout";
import { capabilitiesQueryOptions } from "@/lib/capabilities";

export const Route = createFileRoute("/_auth")({
  beforeLoad: async ({ context, preload }) => {
    if (preload) return;
    void context.queryClient.prefetchQuery(capabilitiesQueryOptions());
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ to: "/my-drive", search: { path: "/" }, replace: true });
  },
  component: AuthLayout,
});
