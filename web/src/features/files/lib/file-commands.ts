import type { FileItem } from "./file-item";

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
  | "copyLink"
  | "showInFolder"
  | "details"
  | "remove";

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
  opts: { canCreate: boolean; showInFolder?: boolean },
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
  if (single && !single.isDir) commands.push({ id: "copyLink", label: "Copy link" });
  if (single?.parentId && opts.showInFolder) commands.push({ id: "showInFolder", label: "Show in folder" });
  if (single) commands.push({ id: "details", label: "Details", shortcut: "Alt+Enter" });
  commands.push({ id: "remove", label: "Delete", shortcut: "Del", danger: true });
  return commands;
}
