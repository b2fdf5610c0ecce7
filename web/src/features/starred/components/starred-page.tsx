import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { AlertCircle, StarOff } from "lucide-react";
import { capabilitiesQueryOptions, TELDRIVE_1_8 } from "@/drive/api/capabilities";
import { useFileCommands } from "@/drive/commands/file-commands-context";
import { describeError } from "@/drive/errors/error-message";
import { FileIcon } from "@/drive/files/file-icon";
import { type FileItem, toFileItem } from "@/drive/files/file-item";
import { setStarred, useStars } from "@/drive/stars/stars";
import { usePageTitle } from "@/lib/document-title";
import { focusRing } from "@/ui/button";
import { IconButton } from "@/ui/icon-button";
import { Skeleton } from "@/ui/skeleton";

/** The items the user starred: a folder opens in the drive, a file in the preview; each can lose its star here. */
export function StarredPage() {
  usePageTitle("Starred");
  const { items: starred, loading, error } = useStars();
  const onServer = (useQuery(capabilitiesQueryOptions()).data ?? TELDRIVE_1_8).stars === true;
  const commands = useFileCommands();
  const navigate = useNavigate();
  const items = starred.map((f) => toFileItem(f));
  const open = (item: FileItem) =>
    item.isDir
      ? void navigate({ to: "/$view", params: { view: "browse" }, search: { parentId: item.id } })
      : commands.open(item, { items: items.filter((i) => !i.isDir) });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-medium">Starred</h1>
      <p className="text-sm text-on-surface-variant">
        {onServer
          ? "Star files and folders from their menu (Add to Starred). Starred folders are also pinned in the navigation."
          : "Star files and folders from their menu (Add to Starred). This server keeps no stars, so they are kept in this browser only."}
      </p>
      {loading ? (
        <Skeleton className="h-32" />
      ) : error ? (
        <div role="alert" className="flex items-center gap-3 rounded-xl bg-error-container p-4 text-on-error-container">
          <AlertCircle aria-hidden className="size-5" />
          <p className="flex-1">Could not load the starred items: {describeError(error)}</p>
        </div>
      ) : items.length === 0 ? (
        <p className="py-6 text-on-surface-variant">Nothing is starred yet.</p>
      ) : (
        <ul aria-label="Starred items" className="flex flex-col divide-y divide-outline-variant">
          {items.map((item) => (
            <li key={item.id} className="flex min-h-14 items-center gap-3 px-2">
              <FileIcon item={item} />
              <button
                type="button"
                className={`min-h-11 min-w-0 flex-1 truncate rounded-md text-left text-sm font-medium hover:underline ${focusRing}`}
                onClick={() => open(item)}
                title={item.name}
              >
                {item.name}
              </button>
              <span className="hidden text-xs text-on-surface-variant sm:inline">{item.isDir ? "Folder" : "File"}</span>
              <IconButton label={`Remove ${item.name} from Starred`} onClick={() => void setStarred([item], false)}>
                <StarOff aria-hidden className="size-5" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
