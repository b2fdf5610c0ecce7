import type { FileItem } from "@/drive/files/file-item";
import { useFolderPaths } from "@/drive/files/get-file";
import type { VirtualItem } from "@/lib/hooks/use-virtual-rows";

/**
 * "in Photos" under each name, where the list spans folders: the folder path of each item in view, one request per
 * folder shown, cached.
 */
export function useRowLocations(
  enabled: boolean | undefined,
  rows: VirtualItem[],
  itemAt: (index: number) => FileItem | undefined,
): (item: FileItem) => string | undefined {
  const parentIds = enabled
    ? [
        ...new Set(
          rows.flatMap((row) => {
            const item = itemAt(row.index);
            return item?.parentId ? [item.parentId] : [];
          }),
        ),
      ]
    : [];
  const folderPaths = useFolderPaths(parentIds);
  return (item) => (item.parentId ? folderPaths.get(item.parentId) : undefined);
}
