import { Link } from "@tanstack/react-router";
import { FileIcon } from "@/drive/files/file-icon";
import { toFileItem } from "@/drive/files/file-item";
import { useStars } from "@/drive/stars/stars";
import { focusRing } from "@/ui/button";

/** Starred folders, pinned under "Starred" in the side navigation. */
export function PinnedFolders() {
  const { items } = useStars();
  const folders = items.map((f) => toFileItem(f)).filter((i) => i.isDir);
  if (folders.length === 0) return null;
  return (
    <ul aria-label="Pinned folders" className="flex flex-col gap-1">
      {folders.map((folder) => (
        <li key={folder.id}>
          <Link
            to="/$view"
            params={{ view: "browse" }}
            search={{ parentId: folder.id }}
            activeOptions={{ includeSearch: true }}
            className={`ml-6 flex h-10 items-center gap-3 rounded-full px-4 text-sm text-on-surface-variant hover:bg-on-surface/10 aria-[current=page]:bg-secondary-container aria-[current=page]:text-on-secondary-container ${focusRing}`}
          >
            <FileIcon item={folder} />
            <span className="truncate">{folder.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
