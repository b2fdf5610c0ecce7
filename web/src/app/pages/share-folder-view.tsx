import { FolderDown } from "lucide-react";
import type { ReactNode } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { ViewToggle } from "@/features/files/components/view-toggle";
import type { Sort } from "@/features/files/lib/list-query";
import { useViewPrefs } from "@/features/files/stores/view-prefs-store";
import { ShareBreadcrumbs } from "@/features/share/components/share-breadcrumbs";
import { Button } from "@/ui/button";
import { ShareFolderList } from "./share-folder-list";

/**
 * A folder of a share: where it is (breadcrumbs), Download all, list or grid (remembered as the drive remembers it),
 * and its items.
 */
export function ShareFolderView(props: {
  name: string;
  path: string;
  items: FileItem[];
  sort: Sort;
  onSortChange(sort: Sort): void;
  onNavigate(path: string): void;
  onOpen(item: FileItem): void;
  onNavigateUp?(): void;
  onDownloadAll(): void;
  actions?: ReactNode;
}) {
  const viewId = useViewPrefs((s) => s.viewId);
  const { items } = props;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 p-2 sm:p-4">
      <div className="flex flex-wrap items-center gap-2 px-2">
        <div className="min-w-0 flex-1">
          <ShareBreadcrumbs name={props.name} path={props.path} onNavigate={props.onNavigate} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {props.actions}
          {items.length > 0 && (
            <Button variant="tonal" onClick={props.onDownloadAll}>
              <FolderDown aria-hidden className="size-4" />
              Download all
            </Button>
          )}
          <ViewToggle />
        </div>
      </div>
      {items.length === 0 ? (
        <p className="p-10 text-center text-on-surface-variant">No items.</p>
      ) : (
        <ShareFolderList
          label={props.path === "/" ? props.name : `${props.name}${props.path}`}
          items={items}
          viewId={viewId}
          sort={props.sort}
          onSortChange={props.onSortChange}
          onOpen={props.onOpen}
          onNavigateUp={props.onNavigateUp}
        />
      )}
    </div>
  );
}
