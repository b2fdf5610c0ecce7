import { FolderDown } from "lucide-react";
import type { ReactNode } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { useViewPrefs } from "@/features/files/stores/view-prefs-store";
import { ShareBreadcrumbs } from "@/features/share/components/share-breadcrumbs";
import { ShareFileGrid } from "@/features/share/components/share-file-grid";
import { ShareFileTable, type ShareSort } from "@/features/share/components/share-file-table";
import { ShareViewToggle } from "@/features/share/components/share-view-toggle";
import { Button } from "@/ui/button";

/**
 * A folder of a share: where it is (breadcrumbs), Download all, list or grid (remembered where the drive remembers
 * its own choice, so a visitor sees the share as they see their drive), and its items with thumbnails.
 */
export function ShareFolderView(props: {
  name: string;
  path: string;
  items: FileItem[];
  sort: ShareSort;
  onSortChange(sort: ShareSort): void;
  onNavigate(path: string): void;
  onOpen(item: FileItem): void;
  onDownload(item: FileItem): void;
  onDownloadAll(): void;
  actions?: ReactNode;
  /** The list takes the focus when it appears (a folder was opened from the list before it). */
  focusList?: boolean;
}) {
  const viewId = useViewPrefs((s) => s.viewId);
  const setViewId = useViewPrefs((s) => s.setViewId);
  const { items } = props;
  const label = props.path === "/" ? props.name : `${props.name}${props.path}`;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1 basis-48">
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
          <ShareViewToggle viewId={viewId} onChange={setViewId} />
        </div>
      </div>
      {items.length === 0 ? (
        <p className="p-10 text-center text-on-surface-variant">No items.</p>
      ) : viewId === "grid" ? (
        <ShareFileGrid
          key={props.path}
          label={label}
          items={items}
          onOpen={props.onOpen}
          onDownload={props.onDownload}
          autoFocus={props.focusList}
        />
      ) : (
        <ShareFileTable
          // Each folder is a list of its own: its first row is the Tab stop.
          key={props.path}
          autoFocus={props.focusList}
          label={label}
          items={items}
          sort={props.sort}
          onSortChange={props.onSortChange}
          onOpen={props.onOpen}
          onDownload={props.onDownload}
        />
      )}
    </div>
  );
}
