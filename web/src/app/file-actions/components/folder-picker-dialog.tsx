import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Folder } from "lucide-react";
import { useState } from "react";
import { actionErrorMessage, itemsLabel } from "@/drive/errors/action-error";
import type { FileItem } from "@/drive/files/file-item";
import { folderName, joinPath, pathSegments } from "@/drive/files/folder-path";
import { folderByPathQueryOptions } from "@/drive/files/get-folder-by-path";
import { cn } from "@/lib/cn";
import { Button } from "@/ui/button";
import { Dialog, DialogClose } from "@/ui/dialog";
import { Spinner } from "@/ui/spinner";
import { useCopyFiles } from "../api/copy-files";
import { folderPickerQueryOptions } from "../api/list-folders";
import { useMoveFiles } from "../api/move-files";

export interface FolderPickerDialogProps {
  mode: "move" | "copy";
  items: FileItem[];
  startPath: string;
  onClose: () => void;
}

/** Browses the user's folders and moves or copies `items` into the chosen one. */
export function FolderPickerDialog({ mode, items, startPath, onClose }: FolderPickerDialogProps) {
  const [path, setPath] = useState(startPath);
  const folders = useQuery(folderPickerQueryOptions(path));
  const here = useQuery(folderByPathQueryOptions(path));
  // Moving items into the folder they are in would change nothing (and report success): not offered.
  const alreadyHere = mode === "move" && here.data != null && items.every((item) => item.parentId === here.data?.id);
  // Until the folder is found, a copy could not tell its own folder ("Copy of …") from another ("name (1)").
  const locating = here.isPending;
  const move = useMoveFiles();
  const copy = useCopyFiles();
  const pending = move.isPending || copy.isPending;
  const movingIds = new Set(items.map((i) => i.id));
  const segments = pathSegments(path);
  const label = folderName(path);
  const verb = mode === "move" ? "Move" : "Copy";

  const confirm = () => {
    const vars = { items, destination: path, destinationId: here.data?.id ?? undefined, destinationLabel: label };
    const run = mode === "move" ? move.mutateAsync(vars) : copy.mutateAsync(vars);
    run.then(onClose, () => {});
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`${verb} ${itemsLabel(items)}`}>
      <nav aria-label="Folder path" className="flex flex-wrap items-center gap-1 text-sm">
        <button type="button" className="min-h-11 rounded px-1 hover:underline" onClick={() => setPath("/")}>
          My Drive
        </button>
        {segments.map((segment, i) => (
          <span key={`/${segments.slice(0, i + 1).join("/")}`} className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4 text-on-surface-variant" />
            <button
              type="button"
              className="min-h-11 rounded px-1 hover:underline"
              onClick={() => setPath(`/${segments.slice(0, i + 1).join("/")}`)}
            >
              {segment}
            </button>
          </span>
        ))}
      </nav>
      <div className="h-64 overflow-auto rounded-xl border border-outline-variant">
        {folders.isPending && <Spinner label="Loading folders" className="m-4" />}
        {folders.isError && (
          <p role="alert" className="p-4 text-sm text-error">
            {actionErrorMessage(folders.error)}
          </p>
        )}
        {folders.data && (
          <ul aria-label="Folders">
            {folders.data.length === 0 && <li className="p-4 text-sm text-on-surface-variant">No folders here.</li>}
            {folders.data.map((folder) => {
              const disabled = movingIds.has(folder.id ?? "");
              return (
                <li key={folder.id}>
                  <button
                    type="button"
                    disabled={disabled}
                    className={cn(
                      "flex min-h-11 w-full items-center gap-3 px-4 py-2 text-left text-sm hover:bg-on-surface/10",
                      "disabled:opacity-50",
                    )}
                    onClick={() => setPath(joinPath(path, folder.name))}
                  >
                    <Folder aria-hidden className="size-5 text-on-surface-variant" />
                    <span className="truncate">{folder.name}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {alreadyHere && (
          <p className="w-full text-sm text-on-surface-variant sm:mr-auto sm:w-auto">
            {items.length === 1 ? "It is already in this folder." : "They are already in this folder."}
          </p>
        )}
        <DialogClose asChild>
          <Button variant="text">Cancel</Button>
        </DialogClose>
        <Button disabled={pending || locating || alreadyHere} onClick={confirm}>
          {verb} here
        </Button>
      </div>
    </Dialog>
  );
}
