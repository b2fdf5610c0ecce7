import type { components } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { MY_SHARES_QUERY_KEY } from "@/drive/api/query-keys";

export type MyShare = components["schemas"]["ShareListItem"];

const PAGE = 1000;

/**
 * `GET /shares` (servers with `shareList`): every share of the user, newest first. A person makes tens of links, not
 * thousands, so the page asks for all of them, a page of 1000 at a time.
 */
export const myShareQueryOptions = () =>
  queryOptions({
    queryKey: MY_SHARES_QUERY_KEY,
    queryFn: async ({ signal }): Promise<MyShare[]> => {
      const shares: MyShare[] = [];
      for (let page = 1; ; page++) {
        const list = await api.get("/shares", { query: { page, limit: PAGE }, signal });
        shares.push(...list.items);
        if (page >= list.meta.totalPages) return shares;
      }
    },
    staleTime: 0,
  });
