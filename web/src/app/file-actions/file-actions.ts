import { queryClient } from "@/drive/api/query-client";
import type { FileActionContext, FileCommands } from "@/drive/commands/file-commands";
import { type FileItem, fileContentUrl } from "@/drive/files/file-item";
import { folderName } from "@/drive/files/folder-path";
import { folderByPathQueryOptions } from "@/drive/files/get-folder-by-path";
import { sessionQueryOptions } from "@/drive/session/session";
import { triggerDownload } from "@/features/preview/lib/download";
import { fromDataTransfer, fromPickedFiles } from "@/features/upload/lib/collect-files";
import { pickFiles } from "@/features/upload/lib/pick-files";
import { loadUploadQueue } from "@/features/upload/upload-queue-loader";
import { downloadAsZip } from "@/features/zip-download/download-as-zip";
import { toast } from "@/lib/toast";
import { useFileActionsStore } from "./file-actions-store";

const open = (dialog: NonNullable<ReturnType<typeof useFileActionsStore.getState>["dialog"]>) =>
  useFileActionsStore.setState({ dialog });

const remember = (ctx: FileActionContext) => useFileActionsStore.setState({ lastCtx: ctx });

async function sessionHash(): Promise<string> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!session) throw new Error("You are signed out");
  return session.hash;
}

/** Where the page is, read when an action needs it: window.location in the app, any address in a test. */
export type PageAddress = Pick<Location, "origin" | "pathname" | "search">;

/** Content URL on `origin` with the session hash; `download` asks the server for an attachment. */
export async function contentUrl(item: FileItem, opts: { origin: string; download?: boolean }): Promise<string> {
  const url = new URL(fileContentUrl({ origin: opts.origin, id: item.id, name: item.name, hash: await sessionHash() }));
  if (opts.download) url.searchParams.set("download", "1");
  return url.toString();
}

/** Where the move/copy picker starts: the my-drive folder on screen, else the folder last acted in. */
function currentFolderPath(page: PageAddress): string {
  if (page.pathname === "/my-drive") return new URLSearchParams(page.search).get("path") || "/";
  return useFileActionsStore.getState().lastCtx?.folderPath ?? "/";
}

function folderLabel(destination: { id?: string; path?: string }): string {
  return destination.path === undefined ? "the folder" : folderName(destination.path);
}

/**
 * The app's side of the `FileCommands` contract: dialogs, mutations, toasts, previews, uploads and zips. `page` tells
 * where the page is (the signed-in layout passes window.location).
 */
export const createFileActions = (page: () => PageAddress): FileCommands => ({
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
  move(items: FileItem[]): void {
    if (items.length === 0) return;
    open({ kind: "move", items, startPath: currentFolderPath(page()) });
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
    open({ kind: "copy", items, startPath: currentFolderPath(page()) });
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
      for (const file of items)
        triggerDownload(await contentUrl(file, { origin: page().origin, download: true }), file.name);
    })().catch((error: unknown) => toast.error(error instanceof Error ? error.message : "Download failed"));
  },
  downloadZip(items: FileItem[]): void {
    downloadAsZip(items);
  },
  copyLink(item: FileItem): void {
    if (item.isDir) {
      toast.error("Folders have no direct link; share the folder instead");
      return;
    }
    const { origin } = page();
    // A file shared by a public link gets that link: it is the one meant for others. Otherwise the private link,
    // which carries the session hash (what external players need) and so opens the file only as this user.
    import("@/drive/shares/public-link")
      .then((m) => m.publicLinkOf(item.id, origin))
      .catch(() => undefined)
      .then(async (shared) => {
        await navigator.clipboard.writeText(shared ?? (await contentUrl(item, { origin })));
        return shared !== undefined;
      })
      .then(
        (shared) =>
          toast.success(
            shared
              ? "Share link copied: anyone with it can open the file."
              : "Private link copied: it opens the file only for you. Use Share to make a link for others.",
          ),
        () => toast.error("Could not copy the link to the clipboard"),
      );
  },
  share(item: FileItem): void {
    open({ kind: "share", item });
  },
  requestFiles(item: FileItem): void {
    open({ kind: "request-files", item });
  },
  upload(ctx: FileActionContext, opts?: { folder?: boolean }): void {
    remember(ctx);
    pickFiles({ folder: opts?.folder }).then((files) => {
      if (files.length === 0) return;
      const uploads = fromPickedFiles(files, ctx.folderPath ?? "/");
      void loadUploadQueue().then((queue) => queue.add(uploads));
    });
  },
  uploadDropped(data: DataTransfer, folderPath: string): void {
    void Promise.all([fromDataTransfer(data, folderPath), loadUploadQueue()]).then(([uploads, queue]) =>
      queue.add(uploads),
    );
  },
});
