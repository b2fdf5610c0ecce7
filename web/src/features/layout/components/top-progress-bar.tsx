import { useIsFetching } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import LoadingBar, { type LoadingBarRef } from "react-top-loading-bar";
import { progressBarAllowed } from "../lib/progress-bar";

/**
 * A thin bar at the top while a route loads or data is fetched for the first time (refetches of
 * data already shown do not count). Waits 200 ms so quick loads show nothing.
 */
export function TopProgressBar() {
  const ref = useRef<LoadingBarRef>(null);
  const routerPending = useRouterState({ select: (s) => s.status === "pending" });
  const allowed = useRouterState({ select: (s) => progressBarAllowed(s.location.pathname) });
  const firstFetches = useIsFetching({ predicate: (query) => query.state.data === undefined });
  const active = allowed && (routerPending || firstFetches > 0);

  useEffect(() => {
    if (active) ref.current?.continuousStart();
    else ref.current?.complete();
  }, [active]);

  return <LoadingBar ref={ref} color="var(--color-primary)" height={3} waitingTime={200} shadow={false} />;
}
