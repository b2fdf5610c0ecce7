import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { normalizeFolderPath } from "@/drive/files/folder-path";
import { usePageTitle } from "@/lib/document-title";
import { formatSize } from "@/lib/format-size";
import { Button } from "@/ui/button";
import { TextField } from "@/ui/text-field";
import { loadUploadQueue } from "../upload-queue-loader";

/** Where the app's service worker (public/app-sw.js) keeps files shared to the installed app. */
const SHARED = "drive-shared-files";

async function sharedFiles(): Promise<File[]> {
  if (!("caches" in window)) return [];
  const cache = await caches.open(SHARED);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const res = await cache.match(request);
    if (!res) continue;
    const name = decodeURIComponent(res.headers.get("X-File-Name") ?? "shared file");
    const lastModified = Number(res.headers.get("X-Last-Modified")) || Date.now();
    files.push(new File([await res.blob()], name, { type: res.headers.get("Content-Type") ?? "", lastModified }));
  }
  return files;
}

const forget = () => caches.delete(SHARED);

/** "Share → Drive" from another app: which files arrived, and the folder to upload them into. */
export function ReceiveShare() {
  usePageTitle("Upload shared files");
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[] | undefined>();
  const [folder, setFolder] = useState("/");

  useEffect(() => {
    void sharedFiles().then(setFiles, () => setFiles([]));
  }, []);

  const upload = async () => {
    if (!files) return;
    const folderPath = normalizeFolderPath(folder);
    const queue = await loadUploadQueue();
    queue.add(files.map((file) => ({ file, folderPath })));
    await forget();
    await navigate({ to: "/my-drive", search: { path: folderPath } });
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-medium">Upload shared files</h1>
      {files === undefined ? (
        <p className="text-on-surface-variant">Reading the shared files…</p>
      ) : files.length === 0 ? (
        <p className="text-on-surface-variant">No files were shared, or they were already uploaded.</p>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void upload();
          }}
        >
          <ul aria-label="Shared files" className="flex flex-col divide-y divide-outline-variant">
            {files.map((file) => (
              <li
                key={`${file.name}:${file.size}:${file.lastModified}`}
                className="flex justify-between gap-3 py-2 text-sm"
              >
                <span className="truncate">{file.name}</span>
                <span className="shrink-0 text-on-surface-variant">{formatSize(file.size)}</span>
              </li>
            ))}
          </ul>
          <TextField
            label="Folder"
            hint="A path in My Drive, such as /Photos; folders that do not exist yet are made."
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="text"
              onClick={() => void forget().then(() => navigate({ to: "/my-drive", search: { path: "/" } }))}
            >
              Cancel
            </Button>
            <Button type="submit">Upload {files.length === 1 ? "1 file" : `${files.length} files`}</Button>
          </div>
        </form>
      )}
    </div>
  );
}
