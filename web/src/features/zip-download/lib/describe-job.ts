import { formatSize } from "@/lib/format-size";
import type { ZipJob } from "../zip-jobs-store";

const files = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "file" : "files"}`;

/** The panel's words for a zip: what it is doing, how far it got, and whether it can still be cancelled. */
export function describeJob(job: ZipJob): { title: string; detail: string; percent?: number; running: boolean } {
  const sizes = `${formatSize(job.bytesDone)} of ${formatSize(job.totalBytes)}`;
  const counts = `${job.filesDone.toLocaleString("en-US")} of ${files(job.fileCount)}`;
  switch (job.status) {
    case "preparing":
      return {
        title: `Preparing ${job.name}`,
        detail: `Listing folders: ${files(job.fileCount)}, ${formatSize(job.totalBytes)} so far`,
        running: true,
      };
    case "zipping": {
      const percent = job.totalBytes > 0 ? Math.min(100, Math.floor((job.bytesDone / job.totalBytes) * 100)) : 0;
      return { title: `Zipping ${job.name}`, detail: `${counts} · ${sizes}`, percent, running: true };
    }
    case "done":
      return {
        title: `${job.name} is downloaded`,
        detail: `${files(job.filesDone - job.skipped.length)} · ${formatSize(job.bytesDone)}`,
        running: false,
      };
    case "cancelled":
      return {
        title: `${job.name} cancelled`,
        detail: job.cancelledInBrowser
          ? "The download was stopped in the browser; nothing was saved."
          : "Nothing was saved.",
        running: false,
      };
    case "failed":
      return {
        title: `${job.name} failed`,
        detail: `Stopped after ${counts} · ${sizes}; nothing was saved.`,
        running: false,
      };
  }
}
