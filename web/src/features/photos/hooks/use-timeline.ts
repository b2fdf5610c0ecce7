import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApiGeneration } from "@/drive/api/generation";
import { itemsOf } from "@/drive/files/file-item";
import { useDeriveOptions } from "@/drive/files/use-derive-options";
import { useSettings } from "@/drive/settings/settings-store";
import { timelineLimit, timelineQueryOptions } from "../api/get-timeline";
import { groupByMonth } from "../lib/timeline";

/** The pictures and videos loaded so far (newest first), their months, and the paging state. */
export function useTimeline() {
  const limit = timelineLimit(useSettings((s) => s.pageSize));
  const query = useInfiniteQuery(timelineQueryOptions(useApiGeneration(), limit));
  const opts = useDeriveOptions();
  const pages = query.data?.pages;
  const items = useMemo(() => (pages ?? []).flatMap((page) => itemsOf(page, opts)), [pages, opts]);
  const groups = useMemo(() => groupByMonth(items, (item) => item.modDate), [items]);
  return { query, items, groups, total: pages?.[0]?.total };
}
