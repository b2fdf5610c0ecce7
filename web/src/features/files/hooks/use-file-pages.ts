import { hashKey, useInfiniteQuery, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useApiGeneration } from "@/drive/api/generation";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { type DeriveOptions, type FileItem, toFileItem } from "@/drive/files/file-item";
import {
  type CursorPage,
  type FileListPage,
  fileListPageQueryOptions,
  fileListWalkQueryOptions,
} from "../api/get-files";
import { layoutWalk, pageRowsOf, tailNeedsFilesOnly, type WalkLayout, walkNeed } from "../lib/cursor-walk";
import type { ListQuery } from "../lib/list-query";
import { type PageWindowInput, pagesToObserve } from "../lib/page-window";

/** Derived items per server page, so each page is derived once however often the list renders. */
const derived = new WeakMap<FileListPage | CursorPage, { key: string; items: FileItem[] }>();

function itemsOf(page: FileListPage | CursorPage, opts: DeriveOptions): FileItem[] {
  const key = `${opts.resizerHost ?? ""}|${opts.hash ?? ""}|${opts.origin ?? ""}|${opts.serverThumbnails ?? false}`;
  const hit = derived.get(page);
  if (hit?.key === key) return hit.items;
  // API-B's File is API-A's without the fields only API-A sends; toFileItem reads what both have.
  const items = page.items.map((file) => toFileItem(file as FileListPage["items"][number], opts));
  derived.set(page, { key, items });
  return items;
}

export interface PageFailure {
  page: number;
  error: Error;
}

/** What the list needs of its first request: skeleton while pending, the error with a Retry, ready. */
export interface FirstPageState {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  error: Error | null;
  data: unknown;
  refetch(): Promise<unknown>;
}

/** The reserve of each cursor-walked list (lib/cursor-walk.ts), so every hook of one list lays it out alike. */
const reserves = new Map<string, number>();

/**
 * API-B's list: the head and tail cursor walks (one infinite query each, shared by every hook of the list) and their
 * layout by index. The tail walk starts once the first page says more follow.
 */
function useCursorWalk(query: ListQuery, enabled: boolean) {
  const head = useInfiniteQuery({ ...fileListWalkQueryOptions(query, "head"), enabled });
  const headPages = head.data?.pages;
  const headItems = useMemo(() => (headPages ?? []).map((page) => page.items), [headPages]);
  const filesOnly = tailNeedsFilesOnly(query, headItems.slice(0, 1));
  const headMore = head.hasNextPage;
  const tail = useInfiniteQuery({
    ...fileListWalkQueryOptions(query, "tail", filesOnly),
    enabled: enabled && headMore,
  });
  const tailPages = tail.data?.pages;
  const pageRows = pageRowsOf(headPages?.[0]?.items, Boolean(headPages?.[0]?.meta.nextCursor), query.limit);
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

/**
 * The list's rows by index, whichever way the server pages:
 * - API-A: random-access numbered pages; page 1 sizes the list (`meta.count`); `useVisiblePages` observes the pages
 *   around the view. Items are read from the cache, so a page fetched for any reason shows at once.
 * - API-B: cursor walks from both ends (lib/cursor-walk.ts); the count is exact once they meet, else "N+" (`complete`
 *   false, `loaded` rows).
 */
export function useFilePages(query: ListQuery, opts: DeriveOptions) {
  const queryClient = useQueryClient();
  const cursor = useApiGeneration() === "B";
  const numbered = useQuery({ ...fileListPageQueryOptions(query, 1), enabled: !cursor });
  const walk = useCursorWalk(query, cursor);
  const first: FirstPageState = cursor ? walk.head : numbered;
  const count = cursor ? walk.layout.count : (numbered.data?.meta.count ?? 0);
  const totalPages = cursor ? 0 : (numbered.data?.meta.totalPages ?? 0);
  const queryHash = hashKey([query]);

  const pageOf = useCallback((index: number) => Math.floor(index / query.limit) + 1, [query.limit]);

  /** Items of a page if it is in the cache (observed or not); undefined while it loads. */
  const pageItems = useCallback(
    (page: number): FileItem[] | undefined => {
      const data = queryClient.getQueryData(fileListPageQueryOptions(query, page).queryKey);
      return data ? itemsOf(data, opts) : undefined;
    },
    [queryClient, query, opts],
  );

  // Rows of a walk's pages are derived per page, so indexing them by row keeps itemAt cheap.
  const walkIndex = useMemo(() => {
    const index = new Map<unknown, FileItem>();
    if (!cursor) return index;
    for (const page of [...(walk.headPages ?? []), ...(walk.tailPages ?? [])]) {
      const items = itemsOf(page, opts);
      page.items.forEach((row, i) => {
        const item = items[i];
        if (item) index.set(row, item);
      });
    }
    return index;
  }, [cursor, walk.headPages, walk.tailPages, opts]);
  const walkLayout: WalkLayout<unknown> = walk.layout;

  const itemAt = useCallback(
    (index: number): FileItem | undefined => {
      if (cursor) {
        const row = walkLayout.itemAt(index);
        return row === undefined ? undefined : walkIndex.get(row);
      }
      return pageItems(pageOf(index))?.[index % query.limit];
    },
    [cursor, walkLayout, walkIndex, pageItems, pageOf, query.limit],
  );

  /** Every loaded item with its index, in list order (selection, type-ahead and the preview walk these). */
  const loadedEntries = useCallback((): Array<[number, FileItem]> => {
    const entries: Array<[number, FileItem]> = [];
    if (cursor) {
      const push = (i: number) => {
        const item = itemAt(i);
        if (item) entries.push([i, item]);
      };
      for (let i = 0; i < Math.min(walkLayout.headRows, walkLayout.count); i++) push(i);
      for (let i = Math.max(walkLayout.headRows, walkLayout.tailStart); i < walkLayout.count; i++) push(i);
      return entries;
    }
    const cached = queryClient.getQueriesData<FileListPage>({ queryKey: [...FILES_QUERY_KEY, "list"] });
    const pages = cached
      .filter(([key, data]) => data && hashKey([key[2]]) === queryHash && typeof key[3] === "number")
      .map(([key, data]) => [key[3] as number, data as FileListPage] as const)
      .sort((a, b) => a[0] - b[0]);
    for (const [page, data] of pages) {
      itemsOf(data, opts).forEach((item, i) => {
        entries.push([(page - 1) * query.limit + i, item]);
      });
    }
    return entries;
  }, [cursor, itemAt, walkLayout, queryClient, queryHash, opts, query.limit]);

  return {
    first,
    count,
    /** False while a cursor-walked list's count is a lower bound ("N+ items"). */
    complete: cursor ? walk.layout.complete : true,
    /** Rows loaded: with `complete` false, the list holds at least this many. */
    loaded: cursor ? walk.layout.loaded : count,
    totalPages,
    pageOf,
    itemAt,
    loadedEntries,
  };
}

/**
 * Observes the pages `pagesToObserve` picks for the view and its motion: one query observer per page, so a page
 * entering the window is fetched at once, and a page leaving it while its request is in flight (left behind, or the
 * list flung on) loses its last observer and TanStack Query aborts the request (the query function passes on the
 * signal). Page 1 is observed by `useFilePages`. Rows render as their page arrives, scrolling or not.
 */
export function useVisiblePages(query: ListQuery, view: PageWindowInput | undefined) {
  const cursor = useApiGeneration() === "B";
  const walk = useCursorWalk(query, cursor);
  const { head, tail, layout, pageRows } = walk;
  const need =
    cursor && view ? walkNeed(layout, view, { head: head.hasNextPage, tail: tail.hasNextPage }, pageRows) : undefined;
  // One step of the walk the view needs; the next render asks again once it has arrived.
  useEffect(() => {
    const step = need === "head" ? head : need === "tail" ? tail : undefined;
    if (step && !step.isFetching && !step.isError) void step.fetchNextPage({ cancelRefetch: false });
  }, [need, head, tail]);
  const numbered = useNumberedPages(query, cursor ? undefined : view);
  if (!cursor) return numbered;
  const failed = head.error ?? tail.error;
  return {
    failures: failed
      ? [{ page: (head.error ? head.data?.pages.length : tail.data?.pages.length) ?? 0, error: failed }]
      : [],
    fetching: head.isFetching || tail.isFetching,
    refetchFailed: () => {
      if (head.isError) void head.refetch();
      if (tail.isError) void tail.refetch();
    },
    version: `${head.dataUpdatedAt},${tail.dataUpdatedAt}`,
  };
}

/** API-A: the numbered pages `pagesToObserve` picks for the view. */
function useNumberedPages(query: ListQuery, view: PageWindowInput | undefined) {
  const queryHash = hashKey([query]);
  const observed = useRef({ queryHash, pages: [] as number[] });
  // Written during render, harmlessly: pagesToObserve(view, pagesToObserve(view, p)) equals pagesToObserve(view, p).
  const previous = observed.current.queryHash === queryHash ? observed.current.pages : [];
  observed.current = { queryHash, pages: view ? pagesToObserve(view, previous) : [] };
  const key = observed.current.pages.join(",");
  const wanted = useMemo(
    () =>
      key
        .split(",")
        .filter(Boolean)
        .map(Number)
        .filter((page) => page > 1),
    [key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's hash stands for the query object.
  const queries = useMemo(() => wanted.map((page) => fileListPageQueryOptions(query, page)), [wanted, queryHash]);
  return useQueries({
    queries,
    combine: (results) => ({
      failures: results.flatMap((r, i): PageFailure[] => (r.error ? [{ page: wanted[i] ?? 0, error: r.error }] : [])),
      fetching: results.some((r) => r.isFetching),
      refetchFailed: () => {
        for (const r of results) if (r.error) void r.refetch();
      },
      // Changes whenever a page arrives, so the list re-renders with it.
      version: results.map((r) => r.dataUpdatedAt).join(","),
    }),
  });
}

/** Whether the list is known to be empty (an unknown path lists as empty; only then is its folder looked up). */
export function useListEmpty(query: ListQuery): boolean {
  const cursor = useApiGeneration() === "B";
  const numbered = useQuery({ ...fileListPageQueryOptions(query, 1), enabled: !cursor });
  const head = useInfiniteQuery({ ...fileListWalkQueryOptions(query, "head"), enabled: cursor });
  if (cursor) return head.data?.pages[0]?.items.length === 0 && !head.hasNextPage;
  return numbered.data?.meta.count === 0;
}
