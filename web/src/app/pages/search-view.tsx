import { useQuery } from "@tanstack/react-query";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { folderByPathQueryOptions } from "@/drive/files/get-folder-by-path";
import { FileListSkeleton } from "@/features/files/components/file-list-skeleton";
import { FolderNotFound } from "@/features/files/components/folder-not-found";
import { ListViewPage } from "@/features/files/components/list-view-page";
import type { Sort } from "@/features/files/lib/list-query";
import { SearchChips } from "@/features/search/components/search-chips";
import type { SearchParams } from "@/features/search/lib/search-filters";
import { scopedToFolder, searchRequest } from "@/features/search/lib/search-list";

/**
 * The search results page: what was searched (chips), then the results, each saying which folder it is in. Against a
 * server that would search the whole drive for text in a folder (Teldrive 1.8), the folder is looked up and named by
 * id, so the results are still only that folder's.
 */
export function SearchView({ params, sort }: { params: SearchParams; sort: Partial<Sort> }) {
  const capabilities = useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8;
  const { filters, resolvePath } = searchRequest(params, capabilities, new Date());
  const folder = useQuery({ ...folderByPathQueryOptions(resolvePath ?? "/"), enabled: resolvePath !== undefined });
  const chips = <SearchChips params={params} />;
  const pageTitle = params.query ? `Search: ${params.query}` : "Search results";

  if (resolvePath !== undefined && folder.data === null) return <FolderNotFound path={resolvePath} />;
  if (resolvePath !== undefined && !folder.data) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        {chips}
        <FileListSkeleton grid={false} />
      </div>
    );
  }
  const scoped = folder.data ? scopedToFolder(filters, folder.data.id) : filters;
  return <ListViewPage params={{ view: "search", filters: scoped }} sort={sort} header={chips} pageTitle={pageTitle} />;
}
