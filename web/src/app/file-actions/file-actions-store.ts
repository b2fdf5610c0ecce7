import { create } from "zustand";
import type { FileActionContext } from "@/drive/commands/file-commands";
import type { FileItem } from "@/drive/files/file-item";

export type ActionDialog =
  | { kind: "new-folder"; ctx: FileActionContext }
  | { kind: "rename"; item: FileItem }
  | { kind: "move" | "copy"; items: FileItem[]; startPath: string }
  | { kind: "delete"; items: FileItem[] }
  | { kind: "share"; item: FileItem }
  | { kind: "request-files"; item: FileItem }
  | { kind: "preview"; item: FileItem; ctx: FileActionContext };

/** A move that needs no dialog (drag onto a folder, paste after cut). */
export interface DirectMove {
  items: FileItem[];
  destination: string;
  destinationLabel: string;
}

interface FileActionsState {
  dialog: ActionDialog | null;
  directMove: DirectMove | null;
  /** The folder last acted in: where the move/copy picker starts. */
  lastCtx: FileActionContext | null;
}

/** Which file-action dialog is open; the file actions (createFileActions) write it, `<FileActionDialogs/>` renders it. */
export const useFileActionsStore = create<FileActionsState>()(() => ({
  dialog: null,
  directMove: null,
  lastCtx: null,
}));

export const closeDialog = () => useFileActionsStore.setState({ dialog: null });
