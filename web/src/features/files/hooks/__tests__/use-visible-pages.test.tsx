import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generationQueryOptions } from "@/drive/api/generation";
import { queryClient as appQueryClient } from "@/drive/api/query-client";
import { fileListPageQueryOptions } from "../../api/get-files";
import type { ListQuery } from "../../lib/list-query";
import type { PageWindowInput } from "../../lib/page-window";
import { useVisiblePages } from "../use-file-pages";

// The browser's fetch, answered by the test: each `GET /api/files` waits until the test answers it or it is aborted.
interface Pending {
  page: number;
  signal: AbortSignal;
  answer(): void;
}
let requests: Pending[] = [];

function stubFetch() {
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const page = Number(new URL(url, "http://drive.test").searchParams.get("page"));
    const signal = init.signal as AbortSignal;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      requests.push({
        page,
        signal,
        answer: () =>
          resolve(
            new Response(JSON.stringify({ items: [], meta: { count: 1000, totalPages: 100, currentPage: page } }), {
              headers: { "content-type": "application/json" },
            }),
          ),
      });
    });
  });
}

const query: ListQuery = { path: "/big", sort: "name", order: "asc", limit: 10 };
// 1,000 items in pages of 10, 8 rows in view.
const at = (first: number, velocity = 0): PageWindowInput => ({
  first,
  last: first + 7,
  velocity,
  limit: 10,
  totalPages: 100,
});

function render(view: PageWindowInput) {
  // The app's cache rules (pages stay fresh for minutes), in a client of this test's own.
  const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  // Numbered pages are API-A's: the server's generation is known before a list shows.
  client.setQueryData(generationQueryOptions().queryKey, "A");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook((props: { view: PageWindowInput }) => useVisiblePages(query, props.view), {
    initialProps: { view },
    wrapper,
  });
  return { ...hook, client };
}

const requested = () => requests.map((r) => r.page);
const aborted = () => requests.filter((r) => r.signal.aborted).map((r) => r.page);

describe("useVisiblePages", () => {
  beforeEach(() => {
    requests = [];
    stubFetch();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for the page ahead as the view moves towards it, before its rows are in view", async () => {
    // At rest, items 502-509 in view: their page and a screen (8 items) either side.
    const { rerender } = render(at(502));
    await waitFor(() => expect(requested()).toEqual([50, 51, 52]));
    // Moving down at 40 items a second: 20 items (half a second) ahead of item 512 reaches page 54; page 50 is more
    // than half a screen behind: its request is cancelled.
    rerender({ view: at(505, 40) });
    await waitFor(() => expect(requested()).toEqual([50, 51, 52, 53, 54]));
    await waitFor(() => expect(aborted()).toEqual([50]));
  });

  it("cancels the requests of pages left behind, and of every page when the list is flung on", async () => {
    const { rerender, client } = render(at(505, 40));
    await waitFor(() => expect(requested()).toEqual([51, 52, 53, 54]));
    // Page 51 is answered; the others are still on their way when the view moves on past 51 and 52.
    requests.find((r) => r.page === 51)?.answer();
    await waitFor(() => expect(client.getQueryData(fileListPageQueryOptions(query, 51).queryKey)).toBeDefined());
    rerender({ view: at(524, 40) });
    await waitFor(() => expect(requested()).toEqual([51, 52, 53, 54, 55, 56]));
    await waitFor(() => expect(aborted()).toEqual([52]));
    // A fling (a page of 10 passes in well under 0.3 s): nothing is fetched, and what was on its way is cancelled.
    rerender({ view: at(600, 5_000) });
    await waitFor(() => expect(aborted()).toEqual([52, 53, 54, 55, 56]));
    expect(requested()).toEqual([51, 52, 53, 54, 55, 56]);
    // Once it lands, the pages there are asked for.
    rerender({ view: at(900) });
    await waitFor(() => expect(requested().slice(6)).toEqual([90, 91, 92]));
  });

  it("does not ask again for a page it has", async () => {
    const { rerender, result } = render(at(502));
    await waitFor(() => expect(requested()).toEqual([50, 51, 52]));
    for (const r of requests) r.answer();
    await waitFor(() => expect(result.current.fetching).toBe(false));
    rerender({ view: at(700) });
    await waitFor(() => expect(requested()).toEqual([50, 51, 52, 70, 71, 72]));
    rerender({ view: at(502) });
    expect(result.current.fetching).toBe(false);
    expect(requested()).toEqual([50, 51, 52, 70, 71, 72]);
  });
});
