import { queryOptions } from "@tanstack/react-query";
import { MY_SHARES_QUERY_KEY } from "@/features/share/api/query-keys";
import { apiRequest } from "@/lib/api-client";
import type { components } from "@/lib/api-schema.gen";

export type MyShare = components["schemas"]["ShareListItem"];
type ShareList = components["schemas"]["ShareList"];

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
        const list = await apiRequest<ShareList>("/shares", { query: { page, limit: PAGE }, signal });
        shares.push(...list.items);
        if (page >= list.meta.totalPages) return shares;
      }
    },
    staleTime: 0,
  });
