// Reads a zip file from disk with yauzl (which refuses entries with absolute or `..` paths), hashing every file.
import crypto from "node:crypto";
import yauzl from "yauzl";

export interface ZipContent {
  /** Folder entries, with their trailing slash. */
  folders: string[];
  /** File path -> sha256 of its bytes. */
  files: Record<string, string>;
}

export function readZip(file: string): Promise<ZipContent> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("no zip"));
      const content: ZipContent = { folders: [], files: {} };
      zip.on("error", reject);
      zip.on("end", () => resolve(content));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith("/")) {
          content.folders.push(entry.fileName);
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error(`cannot read ${entry.fileName}`));
          const hash = crypto.createHash("sha256");
          stream.on("data", (chunk: Buffer) => hash.update(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            content.files[entry.fileName] = hash.digest("hex");
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
