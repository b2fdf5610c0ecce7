import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useCallback, useEffect } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { ROOT_NAME } from "@/drive/files/folder-path";
import { fileQueryOptions, folderPathOf } from "@/drive/files/get-file";
import { usePageTitle } from "@/lib/document-title";
import { toast } from "@/lib/toast";
import { useListQuery } from "../hooks/use-list-query";
import type { Sort, ViewParams } from "../lib/list-query";
import { FileBrowser } from "./file-browser";

const TITLES: Record<Exclude<ViewParams["view"], "my-drive">, string> = {
  recent: "Recent",
  search: "Search results",
  shared: "Shared",
  browse: "Folder",
};

function titleOf(params: ViewParams): string {
  if (params.view === "my-drive") return ROOT_NAME;
  if (params.view === "browse" && params.category) {
    return `${params.category[0]?.toUpperCase()}${params.category.slice(1)} files`;
  }
  return TITLES[params.view];
}

/**
 * recent, search, shared and browse by category: lists that are not one folder. Their sort lives in the URL (`sort`,
 * `order`), defaulting per view. A folder opens in My Drive at its path, with breadcrumbs, and each item can be
 * shown in the folder it is in; `/browse?parentId=` (a folder by id) moves to that folder's My Drive page.
 */
export function ListViewPage({
  params,
  sort,
  header,
  pageTitle,
}: {
  params: ViewParams;
  sort: Partial<Sort>;
  /** Shown between the toolbar and the list, e.g. what a search searched. */
  header?: ReactNode;
  /** The tab's title, when it should say more than the view's name. */
  pageTitle?: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useListQuery(params, sort);
  const title = titleOf(params);
  usePageTitle(pageTitle ?? title);

  const folderById = params.view === "browse" && params.parentId && !params.category ? params.parentId : undefined;
  const folder = useQuery({ ...fileQueryOptions(folderById ?? ""), enabled: folderById !== undefined });
  useEffect(() => {
    if (folder.data) void navigate({ to: "/my-drive", search: { path: folderPathOf(folder.data) }, replace: true });
  }, [folder.data, navigate]);

  const onSortChange = useCallback(
    (next: Sort) => void navigate({ to: ".", search: (old) => ({ ...old, ...next }), replace: true }),
    [navigate],
  );
  /** Opens `folderId` (or the folder holding `select`, which is then selected) in My Drive. */
  const goToFolder = useCallback(
    (folderId: string, select?: string) =>
      void queryClient.fetchQuery(fileQueryOptions(folderId)).then(
        (found) => navigate({ to: "/my-drive", search: { path: folderPathOf(found), select } }),
        () => toast.error("That folder no longer exists"),
      ),
    [queryClient, navigate],
  );
  const onOpenFolder = useCallback((item: FileItem) => goToFolder(item.id), [goToFolder]);
  const onShowInFolder = useCallback(
    (item: FileItem) => item.parentId && goToFolder(item.parentId, item.id),
    [goToFolder],
  );

  return (
    <FileBrowser
      title={<h1 className="truncate px-2 text-lg font-medium">{title}</h1>}
      label={title}
      query={query}
      sort={{ sort: query.sort, order: query.order }}
      onSortChange={onSortChange}
      location={{}}
      header={header}
      showLocation
      onOpenFolder={onOpenFolder}
      onShowInFolder={onShowInFolder}
    />
  );
}
