import { useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { useListQuery } from "../hooks/use-list-query";
import type { FileItem } from "../lib/file-item";
import type { Sort, ViewParams } from "../lib/list-query";
import { FileBrowser } from "./file-browser";

const TITLES: Record<Exclude<ViewParams["view"], "my-drive">, string> = {
  recent: "Recent",
  search: "Search results",
  shared: "Shared",
  browse: "Browse",
};

function titleOf(params: ViewParams): string {
  if (params.view === "my-drive") return "My Drive";
  if (params.view === "browse" && params.category) {
    return `${params.category[0]?.toUpperCase()}${params.category.slice(1)} files`;
  }
  return TITLES[params.view];
}

/**
 * recent, search, shared and browse: lists that are not one path. Their sort lives in the URL (`sort`, `order`),
 * defaulting per view; folders open as browse-by-parent.
 */
export function ListViewPage({ params, sort }: { params: ViewParams; sort: Partial<Sort> }) {
  const navigate = useNavigate();
  const router = useRouter();
  const query = useListQuery(params, sort);
  const title = titleOf(params);

  const onSortChange = useCallback(
    (next: Sort) => void navigate({ to: ".", search: (old) => ({ ...old, ...next }), replace: true }),
    [navigate],
  );
  const onOpenFolder = useCallback(
    (item: FileItem) => void navigate({ to: "/$view", params: { view: "browse" }, search: { parentId: item.id } }),
    [navigate],
  );
  const inFolder = params.view === "browse" && params.parentId && !params.category;

  return (
    <FileBrowser
      title={<h1 className="truncate px-2 text-lg font-medium">{title}</h1>}
      label={title}
      query={query}
      sort={{ sort: query.sort, order: query.order }}
      onSortChange={onSortChange}
      location={inFolder ? { folderId: params.parentId } : {}}
      onOpenFolder={onOpenFolder}
      onNavigateUp={inFolder ? () => router.history.back() : undefined}
    />
  );
}
