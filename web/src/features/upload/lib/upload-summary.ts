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
  /** Once the run is over: what became of its files. */
  report?: UploadReport;
}

export interface UploadReport {
  uploaded: number;
  replaced: number;
  skipped: number;
  failed: number;
  cancelled: number;
}

/** What became of a finished run's files: "3 uploaded · 1 replaced · 2 skipped · 1 failed" (zeros left out). */
export function reportLine(report: UploadReport): string {
  const parts: [number, string][] = [
    [report.uploaded, "uploaded"],
    [report.replaced, "replaced"],
    [report.skipped, "skipped"],
    [report.failed, "failed"],
    [report.cancelled, "cancelled"],
  ];
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`)
    .join(" · ");
}

function reportOf(items: readonly UploadItem[], inRun: ReadonlySet<string>): UploadReport {
  const report: UploadReport = { uploaded: 0, replaced: 0, skipped: 0, failed: 0, cancelled: 0 };
  for (const i of items) {
    if (!inRun.has(i.key)) continue;
    if (i.status === "done") report[i.replaced ? "replaced" : "uploaded"] += 1;
    else if (i.status === "skipped" || i.status === "failed" || i.status === "cancelled") report[i.status] += 1;
  }
  return report;
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
  const report = running || batch.length === 0 ? undefined : reportOf(items, inRun);
  return { running, active, failed, loaded, total, percent: percent(loaded, total), title, report };
}

/** What the tab title says while files upload: "42% · Uploading 3 files"; nothing otherwise. */
export function uploadActivityTitle(summary: UploadSummary): string | undefined {
  return summary.running ? `${summary.percent}% · ${summary.title}` : undefined;
}
