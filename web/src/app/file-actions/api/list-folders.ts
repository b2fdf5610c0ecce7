import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";

/** The sub-folders of `path`, for the move and copy folder picker. */
export const folderPickerQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "folder-picker", path],
    queryFn: async ({ signal }) => {
      const list = await api.get("/files", {
        query: { path, sort: "name", order: "asc", limit: 1000 },
        signal,
      });
      // List mode ignores filters (teldrive-api 3.2), so folders are picked out here.
      return list.items.filter((f) => f.type === "folder");
    },
  });
