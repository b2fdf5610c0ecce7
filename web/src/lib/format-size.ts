const UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB"];

/**
 * JEDEC units (KB = 1024 B) with at most one decimal, as the spec shows sizes: "0 B", "1023 B", "1.5 KB", "1.2 GB".
 * Written out rather than taken from a library: it is this one rule, and the first page has no bytes to spare.
 */
export function formatSize(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  let rounded = Math.round(value * 10) / 10;
  // 1023.96 KB rounds to 1024 KB, which is shown as the next unit up.
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = 1;
    unit += 1;
  }
  return `${rounded} ${UNITS[unit]}`;
}
