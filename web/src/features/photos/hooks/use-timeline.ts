import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";
import { useApiGeneration } from "@/drive/api/generation";
import { type DeriveOptions, type FileItem, itemsOf } from "@/drive/files/file-item";
import { sessionQueryOptions } from "@/drive/session/session";
import { useSettings } from "@/drive/settings/settings-store";
import { timelineLimit, timelineQueryOptions } from "../api/get-timeline";
import { groupByMonth, takenDates, timelineDate } from "../lib/timeline";

/**
 * What thumbnails need, read from the same sources as drive/files/use-derive-options.ts. Not that hook itself: it
 * shares a chunk with modules of the first page that Photos does not use, and importing it here would split that
 * chunk in two, which the first-load budget (bench/src/budget-check.ts) cannot afford.
 */
function useThumbnailOptions(): DeriveOptions {
  const resizerHost = useSettings((s) => s.resizerHost);
  const hash = useQuery(sessionQueryOptions()).data?.hash;
  const capabilities = useQuery(capabilitiesQueryOptions()).data;
  const serverThumbnails = capabilities?.thumbnails ?? false;
  const videoPosters = capabilities?.videoPosters ?? false;
  return useMemo(
    () => ({ resizerHost, hash, origin: window.location.origin, serverThumbnails, videoPosters }),
    [resizerHost, hash, serverThumbnails, videoPosters],
  );
}

/** The pictures and videos loaded so far (newest first), their months, the date each sits at, and the paging state. */
export function useTimeline() {
  const limit = timelineLimit(useSettings((s) => s.pageSize));
  const generation = useApiGeneration();
  const capabilities = useQuery(capabilitiesQueryOptions());
  const byTakenAt = capabilities.data?.takenAt === true;
  // Asked once the server's offers are known (usually already), so the timeline is not read twice in two orders.
  const query = useInfiniteQuery({
    ...timelineQueryOptions({ generation, byTakenAt }, limit),
    enabled: !capabilities.isPending,
  });
  const opts = useThumbnailOptions();
  const pages = query.data?.pages;
  const items = useMemo(() => (pages ?? []).flatMap((page) => itemsOf(page, opts)), [pages, opts]);
  const taken = useMemo(() => takenDates(pages ?? []), [pages]);
  const dateOf = useCallback((item: FileItem) => timelineDate(item, taken), [taken]);
  const groups = useMemo(() => groupByMonth(items, dateOf), [items, dateOf]);
  return { query, items, groups, dateOf, total: pages?.[0]?.total };
}
