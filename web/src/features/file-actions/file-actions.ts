import { sessionQueryOptions } from "@/features/auth/api/get-session";
import { folderByPathQueryOptions } from "@/features/files/api/get-folder-by-path";
import { type FileItem, fileContentUrl } from "@/features/files/lib/file-item";
import { triggerDownload } from "@/features/preview/lib/download";
import { fromPickedFiles } from "@/features/upload/lib/collect-files";
import { pickFiles } from "@/features/upload/lib/pick-files";
import { loadUploadQueue } from "@/features/upload/upload-queue-loader";
import { downloadAsZip } from "@/features/zip-download/download-as-zip";
import { toast } from "@/lib/toast";
import { queryClient } from "@/query-client";
import { folderName } from "@/shared/lib/folder-path";
import { useFileActionsStore } from "./file-actions-store";

/**
 * Where an action happens: the folder the user is looking at and the items shown there
 * (the preview's previous/next walk these).
 */
export interface FileActionContext {
  /** Path of the folder shown, for my-drive (e.g. "/Docs"). */
  folderPath?: string;
  /** Id of the folder shown, when known. */
  folderId?: string;
  /** The items of the list, in display order. */
  items: FileItem[];
}

const open = (dialog: NonNullable<ReturnType<typeof useFileActionsStore.getState>["dialog"]>) =>
  useFileActionsStore.setState({ dialog });

const remember = (ctx: FileActionContext) => useFileActionsStore.setState({ lastCtx: ctx });

async function sessionHash(): Promise<string> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!session) throw new Error("You are signed out");
  return session.hash;
}

/** Content URL with the session hash; `download` asks the server for an attachment. */
export async function contentUrl(item: FileItem, opts: { download?: boolean } = {}): Promise<string> {
  const url = new URL(
    fileContentUrl({ origin: location.origin, id: item.id, name: item.name, hash: await sessionHash() }),
  );
  if (opts.download) url.searchParams.set("download", "1");
  return url.toString();
}

/** Where the move/copy picker starts: the my-drive folder on screen, else the folder last acted in. */
function currentFolderPath(): string {
  if (location.pathname === "/my-drive") return new URLSearchParams(location.search).get("path") || "/";
  return useFileActionsStore.getState().lastCtx?.folderPath ?? "/";
}

function folderLabel(destination: { id?: string; path?: string }): string {
  if (destination.path === "/" || destination.path === "") return "My Drive";
  return destination.path ? folderName(destination.path) : "the folder";
}

/**
 * CONTRACT between the browsing feature (which calls these from its toolbar, context menu, keyboard and
 * drag-and-drop) and the file-actions feature (which implements them: dialogs, mutations, toasts, previews).
 */
export const fileActions = {
  /** Opens a file's preview (folders are navigated by the list itself). */
  open(item: FileItem, ctx: FileActionContext): void {
    remember(ctx);
    open({ kind: "preview", item, ctx });
  },
  newFolder(ctx: FileActionContext): void {
    remember(ctx);
    open({ kind: "new-folder", ctx });
  },
  rename(item: FileItem): void {
    open({ kind: "rename", item });
  },
  /** Asks for a destination folder, then moves. */
  move(items: FileItem[]): void {
    if (items.length === 0) return;
    open({ kind: "move", items, startPath: currentFolderPath() });
  },
  /**
   * Moves straight to a known folder (drag onto a folder or breadcrumb, paste after cut). Items already in that
   * folder stay where they are; when that is all of them, the user is told nothing moved.
   */
  moveTo(items: FileItem[], destination: { id?: string; path?: string }): void {
    const target = destination.id ?? destination.path;
    if (!target) return;
    const label = folderLabel(destination);
    const folderId = destination.id
      ? Promise.resolve(destination.id)
      : queryClient.fetchQuery(folderByPathQueryOptions(destination.path ?? "/")).then(
          (f) => f?.id,
          () => undefined,
        );
    void folderId.then((id) => {
      const moving = items.filter((i) => i.id !== id && (id === undefined || i.parentId !== id));
      if (moving.length === 0) {
        if (items.length > 0) toast.info(`Nothing moved: already in ${label}`);
        return;
      }
      useFileActionsStore.setState({ directMove: { items: moving, destination: target, destinationLabel: label } });
    });
  },
  copy(items: FileItem[]): void {
    if (items.length === 0) return;
    open({ kind: "copy", items, startPath: currentFolderPath() });
  },
  remove(items: FileItem[]): void {
    if (items.length > 0) open({ kind: "delete", items });
  },
  download(items: FileItem[]): void {
    // A folder has no content URL of its own: it comes as one zip.
    if (items.some((i) => i.isDir)) {
      downloadAsZip(items);
      return;
    }
    // Several files become separate downloads; Chromium allows them from one click.
    (async () => {
      for (const file of items) triggerDownload(await contentUrl(file, { download: true }), file.name);
    })().catch((error: unknown) => toast.error(error instanceof Error ? error.message : "Download failed"));
  },
  /** One zip of the items, folders with everything in them. */
  downloadZip(items: FileItem[]): void {
    downloadAsZip(items);
  },
  copyLink(item: FileItem): void {
    if (item.isDir) {
      toast.error("Folders have no direct link; share the folder instead");
      return;
    }
    contentUrl(item)
      .then((url) => navigator.clipboard.writeText(url))
      .then(
        // The link carries the session hash (what external players need), so it opens the file as this user.
        () => toast.success("Link copied. It opens the file as you; use Share to give it to others."),
        () => toast.error("Could not copy the link to the clipboard"),
      );
  },
  share(item: FileItem): void {
    open({ kind: "share", item });
  },
  /** Opens the file picker (`folder` true: a folder picker) and uploads into the current folder. */
  upload(ctx: FileActionContext, opts?: { folder?: boolean }): void {
    remember(ctx);
    pickFiles({ folder: opts?.folder }).then((files) => {
      if (files.length === 0) return;
      const uploads = fromPickedFiles(files, ctx.folderPath ?? "/");
      void loadUploadQueue().then((queue) => queue.add(uploads));
    });
  },
};
