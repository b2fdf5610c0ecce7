import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notifyUnauthorized } from "@/drive/api/api-client";
import { useApiGeneration } from "@/drive/api/generation";
import { sessionQueryOptions } from "./session";

/** Longest delay a browser timer keeps (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When to renew an access token that lapses at `expiresAt`, as a delay from `now`: a fifth of its remaining life
 * early (at least 30 s, at most 10 minutes), so a late timer (a sleeping laptop, a throttled background tab) or a
 * clock a little off still lands before it. Past its life: at once.
 */
export function refreshDelay(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  if (!Number.isFinite(remaining) || remaining <= 0) return 0;
  const lead = Math.min(10 * 60_000, Math.max(30_000, remaining / 5));
  return Math.min(MAX_TIMER_MS, Math.max(0, remaining - lead));
}

/**
 * On API-B, keeps the access token alive while the app is open: renews it before `expires`, and at once when the tab
 * comes back after its timer should have fired (timers stop while a computer sleeps). A refresh the server refuses
 * ends the session like any 401 (router.tsx forgets the session and sends the user to sign-in).
 */
/** Mounted on API-B only (app/shell): renews the access token on schedule. */
export function TokenRefreshSchedule(): null {
  useTokenRefreshSchedule();
  return null;
}

function useTokenRefreshSchedule(): void {
  const generation = useApiGeneration();
  const queryClient = useQueryClient();
  const expires = useQuery({ ...sessionQueryOptions(), enabled: generation === "B" }).data?.expires;

  useEffect(() => {
    if (generation !== "B" || !expires) return;
    const expiresAt = Date.parse(expires);
    const dueAt = Date.now() + refreshDelay(expiresAt, Date.now());
    let done = false;
    const renew = async () => {
      if (done) return;
      done = true;
      const ok = await import("@/drive/api/token-refresh")
        .then(
          (m) => m.tokenRefresher.refresh(),
          () => undefined,
        )
        .catch(() => undefined);
      // Unreachable (undefined): the next request's 401, or the next visit, tries again.
      if (ok === false) notifyUnauthorized();
      else if (ok) void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    };
    const timer = window.setTimeout(() => {
      // A timer capped at MAX_TIMER_MS fires before the due time: the next session answer schedules again.
      if (Date.now() >= dueAt - 1000) void renew();
      else void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    }, dueAt - Date.now());
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() >= dueAt) void renew();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      done = true;
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [generation, expires, queryClient]);
}
