import { useIsFetching } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import LoadingBar, { type LoadingBarRef } from "react-top-loading-bar";
import { progressBarAllowed } from "../lib/progress-bar";
import { useOnline } from "./connection-banner";

/**
 * A thin bar at the top while a route loads or data is fetched for the first time (refetches of
 * data already shown do not count). Waits 200 ms so quick loads show nothing; offline it stops.
 */
export function TopProgressBar() {
  const ref = useRef<LoadingBarRef>(null);
  const routerPending = useRouterState({ select: (s) => s.status === "pending" });
  const allowed = useRouterState({ select: (s) => progressBarAllowed(s.location.pathname) });
  const firstFetches = useIsFetching({ predicate: (query) => query.state.data === undefined });
  // Offline, fetches wait for the network; a bar that never ends would say something is happening. The banner says why.
  const online = useOnline();
  const active = online && allowed && (routerPending || firstFetches > 0);

  useEffect(() => {
    if (active) ref.current?.continuousStart();
    else ref.current?.complete();
  }, [active]);

  return <LoadingBar ref={ref} color="var(--color-primary)" height={3} waitingTime={200} shadow={false} />;
}
