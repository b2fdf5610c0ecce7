import type { FileItem } from "@/drive/files/file-item";
import { onDemand } from "@/lib/on-demand";
import { toast } from "@/lib/toast";
import type { ZipSource } from "./zip-source";

export type { ZipSource } from "./zip-source";

// The zip library, the walker and the panel load with the first zip, not with the page.
const zipJob = onDemand(() => import("./zip-job"));

/**
 * The feature's one entry: downloads the items as one zip (folders with everything in them, structure kept),
 * streamed to disk with progress and Cancel in its own panel. Called by the file actions with the drive's items, and
 * by a share's page with a `source` that reads the share.
 */
export function downloadAsZip(items: readonly FileItem[], source?: ZipSource): void {
  if (items.length === 0) return;
  zipJob.load().then(
    (module) => module.startZipDownload(items, source),
    () => toast.error("Could not start the zip; try again"),
  );
}
