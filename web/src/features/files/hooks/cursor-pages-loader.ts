import { onDemand } from "@/lib/on-demand";

/**
 * API-B's list hooks (use-cursor-pages.ts: cursor walks from both ends), fetched only on API-B servers. The signed-in
 * route loads them before any list draws, so a list knows from its first render which hooks it runs, and keeps them.
 */
export const cursorPagesLib = onDemand(() => import("./use-cursor-pages"));
