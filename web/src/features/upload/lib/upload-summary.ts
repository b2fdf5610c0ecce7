import { percent } from "./format-progress";
import { isActive, type UploadItem } from "./upload-queue";

export interface UploadSummary {
  running: boolean;
  active: number;
  failed: number;
  loaded: number;
  total: number;
  percent: number;
  /** "Uploading 3 files", "1 upload failed", "Uploads complete". */
  title: string;
}

/**
 * The queue at a glance. Overall progress covers this run's files that are still meant to land (`batch`), so it never
 * jumps back when one finishes.
 */
export function summarizeUploads(items: readonly UploadItem[], batch: readonly string[]): UploadSummary {
  const active = items.filter((i) => isActive(i.status)).length;
  const failed = items.filter((i) => i.status === "failed").length;
  const inRun = new Set(batch);
  const counted = items.filter((i) => inRun.has(i.key) && (isActive(i.status) || i.status === "done"));
  const total = counted.reduce((sum, i) => sum + i.size, 0);
  const loaded = counted.reduce((sum, i) => sum + (i.status === "done" ? i.size : i.loaded), 0);
  const running = active > 0;
  const title = running
    ? `Uploading ${active} ${active === 1 ? "file" : "files"}`
    : failed > 0
      ? `${failed} ${failed === 1 ? "upload" : "uploads"} failed`
      : "Uploads complete";
  return { running, active, failed, loaded, total, percent: percent(loaded, total), title };
}

/** What the tab title says while files upload: "42% · Uploading 3 files"; nothing otherwise. */
export function uploadActivityTitle(summary: UploadSummary): string | undefined {
  return summary.running ? `${summary.percent}% · ${summary.title}` : undefined;
}
