import { hashKey, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { type DeriveOptions, type FileItem, itemsOf } from "@/drive/files/file-item";
import { type FileListPage, fileListPageQueryOptions } from "../api/get-files";
import type { ListQuery } from "../lib/list-query";
import { type PageWindowInput, pagesToObserve } from "../lib/page-window";
import { cursorPagesLib } from "./cursor-pages-loader";

/**
 * The hook a mounted list runs: API-B's (use-cursor-pages.ts) on an API-B server, else `numbered`. Chosen once per
 * mount, so a list never changes which hooks it runs; the signed-in route loads API-B's before any list draws.
 */
function useChosen<F>(pick: (lib: typeof import("./use-cursor-pages")) => F, numbered: F): F {
  return useState(() => {
    const lib = cursorPagesLib.current;
    return () => (lib ? pick(lib) : numbered);
  })[0]();
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

/** The list's rows by index, whichever way the server pages. */
export interface FilePages {
  first: FirstPageState;
  count: number;
  /** False while a cursor-walked list's count is a lower bound ("N+ items"). */
  complete: boolean;
  /** Rows loaded: with `complete` false, the list holds at least this many. */
  loaded: number;
  /**
   * Rows from this index on are counted from the list's end (a cursor walk's tail: until the walks meet, the count is
   * a reserve that grows or shrinks). A view there keeps its rows in place when the count changes. None on API-A.
   */
  endAnchoredFrom?: number;
  totalPages: number;
  pageOf(index: number): number;
  itemAt(index: number): FileItem | undefined;
  loadedEntries(): Array<[number, FileItem]>;
}

export interface VisiblePages {
  failures: PageFailure[];
  fetching: boolean;
  refetchFailed(): void;
  version: string;
}

export interface PageFailure {
  page: number;
  error: Error;
}

/**
 * Random-access paging over `GET /files` (API-A): page 1 sizes the list (`meta.count`); `useVisiblePages` observes the
 * pages around the view. Items are read from the cache, so a page fetched for any reason shows at once. On API-B the
 * list is walked by cursor from both ends instead (use-cursor-pages.ts, lib/cursor-walk.ts).
 */
export function useFilePages(query: ListQuery, opts: DeriveOptions): FilePages {
  const pages = useChosen((lib) => lib.useCursorFilePages, useNumberedFilePages);
  return pages(query, opts);
}

function useNumberedFilePages(query: ListQuery, opts: DeriveOptions): FilePages {
  const queryClient = useQueryClient();
  const first = useQuery(fileListPageQueryOptions(query, 1));
  const count = first.data?.meta.count ?? 0;
  const totalPages = first.data?.meta.totalPages ?? 0;
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

  const itemAt = useCallback(
    (index: number): FileItem | undefined => pageItems(pageOf(index))?.[index % query.limit],
    [pageItems, pageOf, query.limit],
  );

  /** Every loaded item with its index, in list order (selection, type-ahead and the preview walk these). */
  const loadedEntries = useCallback((): Array<[number, FileItem]> => {
    const entries: Array<[number, FileItem]> = [];
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
  }, [queryClient, queryHash, opts, query.limit]);

  return { first, count, complete: true, loaded: count, totalPages, pageOf, itemAt, loadedEntries };
}

/**
 * Observes the pages `pagesToObserve` picks for the view and its motion: one query observer per page, so a page
 * entering the window is fetched at once, and a page leaving it while its request is in flight (left behind, or the
 * list flung on) loses its last observer and TanStack Query aborts the request (the query function passes on the
 * signal). Page 1 is observed by `useFilePages`. Rows render as their page arrives, scrolling or not.
 */
export function useVisiblePages(query: ListQuery, view: PageWindowInput | undefined): VisiblePages {
  const visible = useChosen((lib) => lib.useCursorVisiblePages, useNumberedPages);
  return visible(query, view);
}

function useNumberedPages(query: ListQuery, view: PageWindowInput | undefined): VisiblePages {
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
  const empty = useChosen((lib) => lib.useCursorListEmpty, useNumberedListEmpty);
  return empty(query);
}

function useNumberedListEmpty(query: ListQuery): boolean {
  return useQuery(fileListPageQueryOptions(query, 1)).data?.meta.count === 0;
}
