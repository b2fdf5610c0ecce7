import { formatSize } from "@/lib/format-size";

export const formatBytes = formatSize;

/** "12 s", "3 min", "1 h 5 min"; empty when the speed is not known yet. */
export function formatTimeLeft(remainingBytes: number, bytesPerSecond: number): string {
  if (bytesPerSecond <= 0 || remainingBytes <= 0) return "";
  const seconds = Math.ceil(remainingBytes / bytesPerSecond);
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** Whole percent, 0..100; an empty file counts as complete. */
export function percent(loaded: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((loaded / total) * 100));
}
