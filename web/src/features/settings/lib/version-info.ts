export const NOT_AVAILABLE = "N/A";

/**
 * Where the version links to: the server's source at its commit. Set VITE_SOURCE_COMMIT_URL when
 * the server is built from another repository; the default is Teldrive's, whose API both servers speak.
 */
export const SOURCE_COMMIT_URL: string =
  import.meta.env.VITE_SOURCE_COMMIT_URL ?? "https://github.com/tgdrive/teldrive/commit/";

export interface VersionRow {
  key: string;
  label: string;
  value: string;
  /** Set on the version row when the server reports its commit. */
  href?: string;
}

function capitalise(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return NOT_AVAILABLE;
  const shown = typeof value === "object" ? JSON.stringify(value) : String(value);
  return shown.trim() === "" ? NOT_AVAILABLE : shown;
}

/** The server's version answer as rows to show: keys capitalised, empty values "N/A". */
export function versionRows(info: Record<string, unknown>, commitUrl = SOURCE_COMMIT_URL): VersionRow[] {
  const commit = typeof info.commitSHA === "string" ? info.commitSHA.trim() : "";
  return Object.entries(info).map(([key, value]) => ({
    key,
    label: capitalise(key),
    value: text(value),
    href: key === "version" && commit ? `${commitUrl}${commit.slice(0, 7)}` : undefined,
  }));
}
