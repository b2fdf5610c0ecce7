import { hashKey, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { type DeriveOptions, type FileItem, itemsOf } from "@/drive/files/file-item";
import { fileListWalkQueryOptions } from "../api/get-files-walk";
import { layoutWalk, tailNeedsFilesOnly, walkNeed } from "../lib/cursor-walk";
import type { ListQuery } from "../lib/list-query";
import type { PageWindowInput } from "../lib/page-window";
import type { FilePages, VisiblePages } from "./use-file-pages";

// API-B's side of the list hooks (use-file-pages.ts), loaded only on API-B servers (cursor-pages-loader.ts).

/** The reserve of each cursor-walked list (lib/cursor-walk.ts), so every hook of one list lays it out alike. */
const reserves = new Map<string, number>();

/**
 * The head and tail cursor walks (one infinite query each, shared by every hook of the list) and their layout by
 * index. The tail walk starts once the first page says more follow.
 */
function useCursorWalk(query: ListQuery) {
  const head = useInfiniteQuery(fileListWalkQueryOptions(query, "head"));
  const headPages = head.data?.pages;
  const headItems = useMemo(() => (headPages ?? []).map((page) => page.items), [headPages]);
  const filesOnly = tailNeedsFilesOnly(query, headItems.slice(0, 1));
  const headMore = head.hasNextPage;
  const tail = useInfiniteQuery({ ...fileListWalkQueryOptions(query, "tail", filesOnly), enabled: headMore });
  const tailPages = tail.data?.pages;
  const firstPage = headPages?.[0];
  // Rows a page holds: what the first page held when more followed (the server's cap), else the asked limit.
  const pageRows = firstPage?.meta.nextCursor && firstPage.items.length > 0 ? firstPage.items.length : query.limit;
  const key = `${hashKey([query])}|${filesOnly}`;
  const layout = useMemo(() => {
    const result = layoutWalk({
      head: headItems,
      headMore,
      tail: (tailPages ?? []).map((page) => page.items),
      tailMore: tail.hasNextPage || !tailPages,
      tailFilesOnly: filesOnly,
      pageRows,
      reserve: reserves.get(key) ?? 0,
    });
    reserves.set(key, result.reserve);
    return result;
  }, [headItems, headMore, tailPages, tail.hasNextPage, filesOnly, pageRows, key]);
  return { head, tail, layout, pageRows, headPages, tailPages };
}

/** useFilePages on API-B: the count is exact once the walks meet, else "N+" (`complete` false, `loaded` rows). */
export function useCursorFilePages(query: ListQuery, opts: DeriveOptions): FilePages {
  const { head, layout, headPages, tailPages } = useCursorWalk(query);
  // Rows of a walk's pages are derived per page; indexing them by row keeps itemAt cheap.
  const byRow = useMemo(() => {
    const index = new Map<unknown, FileItem>();
    for (const page of [...(headPages ?? []), ...(tailPages ?? [])]) {
      const items = itemsOf(page, opts);
      page.items.forEach((row, i) => {
        const item = items[i];
        if (item) index.set(row, item);
      });
    }
    return index;
  }, [headPages, tailPages, opts]);

  const itemAt = useCallback(
    (index: number): FileItem | undefined => {
      const row = layout.itemAt(index);
      return row === undefined ? undefined : byRow.get(row);
    },
    [layout, byRow],
  );

  const loadedEntries = useCallback((): Array<[number, FileItem]> => {
    const entries: Array<[number, FileItem]> = [];
    const push = (i: number) => {
      const item = itemAt(i);
      if (item) entries.push([i, item]);
    };
    for (let i = 0; i < Math.min(layout.headRows, layout.count); i++) push(i);
    for (let i = Math.max(layout.headRows, layout.tailStart); i < layout.count; i++) push(i);
    return entries;
  }, [itemAt, layout]);

  return {
    first: head,
    count: layout.count,
    complete: layout.complete,
    loaded: layout.loaded,
    // Every row past the head's is a tail row or a placeholder between the walks: their index is the count less
    // their distance from the end, so a view there moves with the count (lib/hooks/use-virtual-rows.ts).
    endAnchoredFrom: layout.headRows,
    totalPages: 0,
    pageOf: useCallback((index: number) => Math.floor(index / query.limit) + 1, [query.limit]),
    itemAt,
    loadedEntries,
  };
}

/** useVisiblePages on API-B: one more step of the walk the view needs, once the list moves slowly enough to read. */
export function useCursorVisiblePages(query: ListQuery, view: PageWindowInput | undefined): VisiblePages {
  const { head, tail, layout, pageRows } = useCursorWalk(query);
  const need = view ? walkNeed(layout, view, { head: head.hasNextPage, tail: tail.hasNextPage }, pageRows) : undefined;
  // The next render asks again once the step has arrived.
  useEffect(() => {
    const step = need === "head" ? head : need === "tail" ? tail : undefined;
    if (step && !step.isFetching && !step.isError) void step.fetchNextPage({ cancelRefetch: false });
  }, [need, head, tail]);
  const failed = head.error ?? tail.error;
  const failedPage = (head.error ? head.data?.pages.length : tail.data?.pages.length) ?? 0;
  return {
    failures: failed ? [{ page: failedPage + 1, error: failed }] : [],
    fetching: head.isFetching || tail.isFetching,
    refetchFailed: () => {
      if (head.isError) void head.refetch();
      if (tail.isError) void tail.refetch();
    },
    version: `${head.dataUpdatedAt},${tail.dataUpdatedAt}`,
  };
}

/** useListEmpty on API-B. */
export function useCursorListEmpty(query: ListQuery): boolean {
  const head = useInfiniteQuery(fileListWalkQueryOptions(query, "head"));
  return head.data?.pages[0]?.items.length === 0 && !head.hasNextPage;
}

/** A route loader's start of a list's first cursor page. */
export function prefetchHead(queryClient: QueryClient, query: ListQuery): void {
  void queryClient.prefetchInfiniteQuery(fileListWalkQueryOptions(query, "head"));
}
