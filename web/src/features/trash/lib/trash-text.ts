import { folderName, parentPath, ROOT_NAME } from "@/drive/files/folder-path";
import type { RestoreResult } from "../api/restore-from-trash";

/** The folder an item sits in, from its path: "/Docs/a.txt" -> "Docs", "/a.txt" -> "My Drive". */
export function folderOfPath(path: string | undefined): string {
  return folderName(parentPath(path ?? "/"));
}

/** What a restore did, in one sentence. */
export function restoredMessage({ restored, skipped }: RestoreResult): string {
  const [only] = restored;
  const done =
    restored.length === 0
      ? "Nothing restored"
      : restored.length === 1 && only
        ? `Restored "${only.name}" to ${folderOfPath(only.path)}`
        : `Restored ${restored.length} items`;
  return skipped.length > 0 ? `${done}; ${skipped.length} left in the trash` : done;
}

/** Where an item was deleted from, for people: "/" is My Drive. */
export function originLabel(origin: string): string {
  return origin === "/" ? ROOT_NAME : origin.replace(/^\//, "").split("/").join(" / ");
}

/**
 * What the selection bar adds when the trash has pages not loaded yet: selecting (all) covers the loaded items
 * only. "250 more below not loaded"; nothing when every item is loaded.
 */
export function notLoadedNote(loaded: number, total: number): string | undefined {
  const rest = total - loaded;
  return rest > 0 ? `${rest} more below not loaded` : undefined;
}
