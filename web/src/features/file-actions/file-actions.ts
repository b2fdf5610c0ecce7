import type { FileItem } from "@/features/files/lib/file-item";

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
 * CONTRACT between the browsing feature (which calls these from its toolbar, context menu, keyboard and
 * drag-and-drop) and the file-actions feature (which implements them: dialogs, mutations, toasts, previews).
 * Implemented by the file-actions helper; the browsing helper only calls it.
 */
export const fileActions = {
  /** Opens a file's preview (folders are navigated by the list itself). */
  open(_item: FileItem, _ctx: FileActionContext): void {},
  newFolder(_ctx: FileActionContext): void {},
  rename(_item: FileItem): void {},
  /** Asks for a destination folder, then moves. */
  move(_items: FileItem[]): void {},
  /** Moves straight to a known folder (drag onto a folder or breadcrumb, paste after cut). */
  moveTo(_items: FileItem[], _destination: { id?: string; path?: string }): void {},
  copy(_items: FileItem[]): void {},
  remove(_items: FileItem[]): void {},
  download(_items: FileItem[]): void {},
  copyLink(_item: FileItem): void {},
  share(_item: FileItem): void {},
  /** Opens the file picker (`folder` true: a folder picker) and uploads into the current folder. */
  upload(_ctx: FileActionContext, _opts?: { folder?: boolean }): void {},
};
