import type { CategoryStats } from "@/features/storage/api/get-categories";
import type { UploadStats } from "../api/get-upload-stats";

export interface UploadBar {
  /** YYYY-MM-DD (UTC day of the server's bucket). */
  day: string;
  /** Short label for the axis, e.g. "Mar 5". */
  label: string;
  bytes: number;
}

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** One bar per day, oldest first; sizes may arrive as strings. */
export function uploadBars(stats: readonly UploadStats[]): UploadBar[] {
  return [...stats]
    .sort((a, b) => a.uploadDate.localeCompare(b.uploadDate))
    .map((s) => {
      const date = new Date(s.uploadDate);
      return {
        day: Number.isNaN(date.getTime()) ? s.uploadDate : date.toISOString().slice(0, 10),
        label: Number.isNaN(date.getTime()) ? s.uploadDate : shortDay.format(date),
        bytes: Number(s.totalUploaded) || 0,
      };
    });
}

export interface CategoryRow {
  category: string;
  label: string;
  files: number;
  bytes: number;
}

/** Categories for the chart and table, biggest first. */
export function categoryRows(categories: readonly CategoryStats[]): CategoryRow[] {
  return categories
    .map((c) => ({
      category: c.category,
      label: `${c.category[0]?.toUpperCase() ?? ""}${c.category.slice(1)}`,
      files: Number(c.totalFiles) || 0,
      bytes: Number(c.totalSize) || 0,
    }))
    .sort((a, b) => b.bytes - a.bytes || a.category.localeCompare(b.category));
}

export function totals(rows: readonly { files?: number; bytes: number }[]): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const row of rows) {
    files += row.files ?? 0;
    bytes += row.bytes;
  }
  return { files, bytes };
}
