import { QueryClient } from "@tanstack/react-query";
import { shouldRetryQuery } from "./query-retry";

/** Cache rules of the spec: unused data kept 10 minutes, fresh for 5. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 10 * 60 * 1000,
      staleTime: 5 * 60 * 1000,
      retry: shouldRetryQuery,
    },
  },
});
