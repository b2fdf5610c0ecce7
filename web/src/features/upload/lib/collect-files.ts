import { joinPath } from "@/drive/files/folder-path";
import type { NewUpload } from "./upload-queue";

/** Files picked with `webkitdirectory` carry "top/sub/name" in webkitRelativePath. */
export function fromPickedFiles(files: Iterable<File>, folderPath: string): NewUpload[] {
  return [...files].map((file) => {
    const dir = (file.webkitRelativePath || "").split("/").slice(0, -1).join("/");
    return { file, folderPath: joinPath(folderPath, dir) };
  });
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(entry: FileSystemEntry, dir: string, out: NewUpload[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await entryFile(entry as FileSystemFileEntry), folderPath: dir });
    return;
  }
  if (!entry.isDirectory) return;
  const subdir = joinPath(dir, entry.name);
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until it returns an empty one.
  for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
    for (const child of batch) await walk(child, subdir, out);
  }
}

/**
 * Files and whole folder trees from a drop. The entries must be taken synchronously in the drop handler,
 * before the DataTransfer is cleared, so call this from the handler itself.
 */
export function fromDataTransfer(data: DataTransfer, folderPath: string): Promise<NewUpload[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === "file")
    .map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
  return (async () => {
    const out: NewUpload[] = [];
    for (const { entry, file } of entries) {
      if (entry) await walk(entry, folderPath, out);
      else if (file) out.push({ file, folderPath });
    }
    return out;
  })();
}
