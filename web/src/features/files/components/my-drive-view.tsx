import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { useFileCommands } from "@/drive/commands/file-commands-context";
import type { FileItem } from "@/drive/files/file-item";
import { folderName, joinPath, normalizeFolderPath, parentPath, ROOT_NAME } from "@/drive/files/folder-path";
import { folderByPathQueryOptions } from "@/drive/files/get-folder-by-path";
import { usePageTitle } from "@/lib/document-title";
import { useListEmpty } from "../hooks/use-file-pages";
import { useListQuery } from "../hooks/use-list-query";
import { type Sort, sortIdOf } from "../lib/list-query";
import { useViewPrefs } from "../stores/view-prefs-store";
import { Breadcrumbs } from "./breadcrumbs";
import { FileBrowser } from "./file-browser";
import { FolderNotFound } from "./folder-not-found";
import { UploadDropZone } from "./upload-drop-zone";

/** The path-based drive: breadcrumbs, the folder's list, the user's stored sort, uploads by drop. */
export function MyDriveView({ path, select }: { path: string; select?: string }) {
  const navigate = useNavigate();
  const fileActions = useFileCommands();
  const folderPath = normalizeFolderPath(path);
  const query = useListQuery({ view: "my-drive", path: folderPath });
  const setSort = useViewPrefs((s) => s.setSort);
  usePageTitle(folderName(folderPath));

  // An unknown path lists as empty (Teldrive's answer too); only then is it worth asking whether the folder exists.
  const empty = useListEmpty(query);
  const mayBeMissing = folderPath !== "/" && empty;
  const folder = useQuery({ ...folderByPathQueryOptions(folderPath), enabled: mayBeMissing });

  const onSortChange = useCallback(
    (sort: Sort) => setSort({ sortId: sortIdOf(sort.sort), order: sort.order }),
    [setSort],
  );
  const onOpenFolder = useCallback(
    (item: FileItem) => void navigate({ to: "/my-drive", search: { path: joinPath(folderPath, item.name) } }),
    [navigate, folderPath],
  );
  const onNavigateUp =
    folderPath === "/" ? undefined : () => void navigate({ to: "/my-drive", search: { path: parentPath(folderPath) } });

  if (mayBeMissing && folder.data === null) return <FolderNotFound path={folderPath} />;
  return (
    <UploadDropZone folderPath={folderPath}>
      <FileBrowser
        title={
          <Breadcrumbs
            path={folderPath}
            onMoveTo={(items, destination) => items.length > 0 && fileActions.moveTo(items, destination)}
          />
        }
        label={folderPath === "/" ? ROOT_NAME : `${ROOT_NAME} ${folderPath}`}
        query={query}
        sort={{ sort: query.sort, order: query.order }}
        onSortChange={onSortChange}
        location={{ folderPath }}
        select={select}
        onOpenFolder={onOpenFolder}
        onNavigateUp={onNavigateUp}
      />
    </UploadDropZone>
  );
}
