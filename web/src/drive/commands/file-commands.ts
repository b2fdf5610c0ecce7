import type { FileItem } from "../files/file-item";

export type FileCommandId =
  | "open"
  | "newFolder"
  | "upload"
  | "uploadFolder"
  | "rename"
  | "move"
  | "copy"
  | "download"
  | "downloadZip"
  | "share"
  | "requestFiles"
  | "copyLink"
  | "showInFolder"
  | "details"
  | "star"
  | "remove";

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

/**
 * CONTRACT between the features that show files (toolbar, context menu, keyboard, drag-and-drop, drops from the
 * desktop) and the app, which implements it (dialogs, mutations, toasts, previews, uploads, zips) and hands it down
 * through `FileCommandsContext`, so no feature imports another to act on a file.
 */
export interface FileCommands {
  /** Opens a file's preview (folders are navigated by the list itself). */
  open(item: FileItem, ctx: FileActionContext): void;
  newFolder(ctx: FileActionContext): void;
  rename(item: FileItem): void;
  /** Asks for a destination folder, then moves. */
  move(items: FileItem[]): void;
  /** Moves straight to a known folder (drag onto a folder or breadcrumb, paste after cut). */
  moveTo(items: FileItem[], destination: { id?: string; path?: string }): void;
  copy(items: FileItem[]): void;
  remove(items: FileItem[]): void;
  download(items: FileItem[]): void;
  /** One zip of the items, folders with everything in them. */
  downloadZip(items: FileItem[]): void;
  copyLink(item: FileItem): void;
  share(item: FileItem): void;
  /** A link through which people without an account upload into the folder (servers with `fileRequests`). */
  requestFiles(item: FileItem): void;
  /** Opens the file picker (`folder` true: a folder picker) and uploads into the current folder. */
  upload(ctx: FileActionContext, opts?: { folder?: boolean }): void;
  /** Uploads what was dropped from the desktop into `folderPath`; call it during the drop event. */
  uploadDropped(data: DataTransfer, folderPath: string): void;
}

export interface FileCommand {
  id: FileCommandId;
  label: string;
  /** Keyboard shortcut shown beside the label. */
  shortcut?: string;
  danger?: boolean;
}

/**
 * What the toolbar, context menu and touch sheet offer: creation commands when nothing is selected (and a folder is
 * shown), item commands for the selection; "Show in folder" where the list is not one folder (search, recent,
 * shared). One list, so the three surfaces never disagree.
 */
export function fileCommandsFor(
  selected: readonly FileItem[],
  opts: { canCreate: boolean; showInFolder?: boolean; starred?: boolean; fileRequests?: boolean },
): FileCommand[] {
  if (selected.length === 0) {
    return opts.canCreate
      ? [
          { id: "newFolder", label: "New folder" },
          { id: "upload", label: "Upload file" },
          { id: "uploadFolder", label: "Upload folder" },
        ]
      : [];
  }
  const single = selected.length === 1 ? selected[0] : undefined;
  const commands: FileCommand[] = [];
  if (single) commands.push({ id: "open", label: "Open", shortcut: "Enter" });
  if (single) commands.push({ id: "rename", label: "Rename", shortcut: "F2" });
  commands.push({ id: "move", label: "Move" }, { id: "copy", label: "Copy" });
  if (selected.every((item) => !item.isDir)) commands.push({ id: "download", label: "Download" });
  if (selected.length > 1 || single?.isDir) commands.push({ id: "downloadZip", label: "Download as zip" });
  if (single) commands.push({ id: "share", label: "Share" });
  if (single?.isDir && opts.fileRequests) commands.push({ id: "requestFiles", label: "Request files…" });
  if (single && !single.isDir) commands.push({ id: "copyLink", label: "Copy link" });
  if (single?.parentId && opts.showInFolder) commands.push({ id: "showInFolder", label: "Show in folder" });
  commands.push({ id: "star", label: opts.starred ? "Remove from Starred" : "Add to Starred" });
  if (single) commands.push({ id: "details", label: "Details", shortcut: "Alt+Enter" });
  commands.push({ id: "remove", label: "Delete", shortcut: "Del", danger: true });
  return commands;
}
