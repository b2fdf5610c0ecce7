import { type FileItem, type ServerFile, toFileItem } from "@/drive/files/file-item";
import { FolderNames } from "./archive-names";

/** One entry of the archive: a folder (listed so empty ones survive) or a file and where its bytes come from. */
export type PlannedEntry = { kind: "folder"; path: string } | { kind: "file"; path: string; file: FileItem };

export interface ArchivePlan {
  entries: PlannedEntry[];
  fileCount: number;
  /** Sum of the files' sizes as the server reports them. */
  totalBytes: number;
}

/** Every child of a folder (all pages), by folder id. */
export type ListChildren = (folderId: string, signal: AbortSignal) => Promise<ServerFile[]>;

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Walks the selection's folders and decides every entry's path before a byte is zipped, so the total is known and
 * names are settled (sorted by code point, so the same tree always gives the same archive). Depth-first with an
 * explicit stack: a deep tree cannot overflow the call stack, and a folder seen twice (a server bug) is not walked
 * twice.
 */
export async function planArchive(
  selection: readonly FileItem[],
  listChildren: ListChildren,
  signal: AbortSignal,
  onFolder?: (plan: ArchivePlan) => void,
): Promise<ArchivePlan> {
  const plan: ArchivePlan = { entries: [], fileCount: 0, totalBytes: 0 };
  const seen = new Set<string>();
  // Each level: the items still to visit (popped from the end, so reversed), their folder's path and its names.
  const level = (items: FileItem[], prefix: string) => ({
    items: items.sort(byName).reverse(),
    prefix,
    names: new FolderNames(),
  });
  const stack = [level([...selection], "")];

  while (stack.length > 0) {
    signal.throwIfAborted();
    const top = stack[stack.length - 1];
    const item = top?.items.pop();
    if (!top || !item) {
      stack.pop();
      continue;
    }
    const path = top.prefix + top.names.claim(item.name, item.isDir);
    if (!item.isDir) {
      plan.entries.push({ kind: "file", path, file: item });
      plan.fileCount += 1;
      plan.totalBytes += item.size;
      continue;
    }
    plan.entries.push({ kind: "folder", path });
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const children = (await listChildren(item.id, signal)).map((f) => toFileItem(f));
    stack.push(level(children, `${path}/`));
    onFolder?.(plan);
  }
  return plan;
}
