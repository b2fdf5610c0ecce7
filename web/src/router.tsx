import { createRouter } from "@tanstack/react-router";
import { ErrorScreen } from "@/app/shell/components/error-screen";
import { onUnauthorized } from "@/drive/api/api-client";
import { queryClient } from "@/drive/api/query-client";
import { sessionQueryOptions } from "@/drive/session/session";
import { routeTree } from "./routeTree.gen";

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: "intent",
  // Route data lives in TanStack Query, which decides freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: ErrorScreen,
  defaultNotFoundComponent: () => <ErrorScreen error={new Error("Page not found")} />,
});

/** Pages anonymous visitors may see; a 401 there (e.g. a protected share) is theirs to handle. */
const PUBLIC_PATHS = /^\/(login|share)(\/|$)/;

// A 401 from any call means the session ended: forget it and go to sign-in, then come back here.
onUnauthorized(() => {
  queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  const { pathname, href } = router.state.location;
  if (PUBLIC_PATHS.test(pathname)) return;
  void router.navigate({ to: "/login", search: { redirect: href }, replace: true });
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
