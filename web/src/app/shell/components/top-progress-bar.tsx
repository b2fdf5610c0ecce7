import { useIsFetching } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { type CSSProperties, useEffect, useState } from "react";
import { progressBarAllowed } from "../lib/progress-bar";
import { useOnline } from "./connection-banner";

type Phase = "idle" | "running" | "done";

// A bar that creeps towards 90 % while waiting, then fills and fades. A CSS transition is all it takes: a library
// for it cost 1.3 KB of the first load's budget.
const LOOK: Record<Phase, CSSProperties> = {
  idle: { width: "0%", opacity: 0, transition: "none" },
  running: { width: "90%", opacity: 1, transition: "width 8s cubic-bezier(0.1, 0.7, 0.3, 1)" },
  done: { width: "100%", opacity: 0, transition: "width 0.2s ease-out, opacity 0.3s ease 0.2s" },
};

/**
 * A thin bar at the top while a route loads or data is fetched for the first time (refetches of
 * data already shown do not count). Waits 200 ms so quick loads show nothing; offline it stops.
 */
export function TopProgressBar() {
  const routerPending = useRouterState({ select: (s) => s.status === "pending" });
  const allowed = useRouterState({ select: (s) => progressBarAllowed(s.location.pathname) });
  const firstFetches = useIsFetching({ predicate: (query) => query.state.data === undefined });
  // Offline, fetches wait for the network; a bar that never ends would say something is happening. The banner says why.
  const online = useOnline();
  const active = online && allowed && (routerPending || firstFetches > 0);
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (active) {
      const timer = setTimeout(() => setPhase("running"), 200);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === "running" ? "done" : "idle"));
  }, [active]);
  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), 500);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px]">
      <div className="h-full bg-primary" style={LOOK[phase]} />
    </div>
  );
}
