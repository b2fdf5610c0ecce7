import { Link } from "@tanstack/react-router";
import { FolderX } from "lucide-react";
import { folderName, parentPath } from "@/drive/files/folder-path";
import { buttonClasses } from "@/ui/button";

/** A path with no folder behind it: say so and offer the way back, instead of an empty folder. */
export function FolderNotFound({ path }: { path: string }) {
  const parent = parentPath(path);
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <FolderX aria-hidden className="size-12 text-on-surface-variant" />
      <h1 className="text-xl font-medium">This folder doesn't exist</h1>
      <p className="max-w-prose break-words text-on-surface-variant">
        There is no folder {path} in My Drive. It may have been renamed, moved or deleted.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {parent !== "/" && (
          <Link to="/my-drive" search={{ path: parent }} className={buttonClasses("tonal")}>
            Go to {folderName(parent)}
          </Link>
        )}
        <Link to="/my-drive" search={{ path: "/" }} className={buttonClasses("filled")}>
          Go to My Drive
        </Link>
      </div>
    </div>
  );
}
