import { queryOptions } from "@tanstack/react-query";
import { api } from "@/drive/api/api-client";
import { getApiGeneration } from "@/drive/api/generation";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { walkFiles } from "@/drive/files/walk-files";

/** The sub-folders of `path`, for the move and copy folder picker. */
export const folderPickerQueryOptions = (path: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_KEY, "folder-picker", path],
    queryFn: async ({ signal }) => {
      // List mode ignores filters (teldrive-api 3.2), so folders are picked out here.
      if ((await getApiGeneration()) === "B") {
        return (await walkFiles({ path, sort: "name", order: "asc" }, signal)).filter((f) => f.type === "folder");
      }
      const list = await api.get("/files", {
        query: { path, sort: "name", order: "asc", limit: 1000 },
        signal,
      });
      return list.items.filter((f) => f.type === "folder");
    },
  });
