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

/** Plain names of the keys servers send; the key itself stays as the row's help (issue 26: no raw keys). */
const PLAIN_NAMES: Record<string, string> = {
  version: "Version",
  commitSHA: "Commit",
  goVersion: "Built with Go",
  os: "Operating system",
  arch: "Processor type",
};

/** A key in words: a known one's plain name, else its camelCase split ("buildDate" -> "Build date"). */
function plainName(key: string): string {
  const known = PLAIN_NAMES[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return NOT_AVAILABLE;
  const shown = typeof value === "object" ? JSON.stringify(value) : String(value);
  return shown.trim() === "" ? NOT_AVAILABLE : shown;
}

/** The server's version answer as rows to show: keys in plain words, empty values "N/A". */
export function versionRows(info: Record<string, unknown>, commitUrl = SOURCE_COMMIT_URL): VersionRow[] {
  const commit = typeof info.commitSHA === "string" ? info.commitSHA.trim() : "";
  return Object.entries(info).map(([key, value]) => ({
    key,
    label: plainName(key),
    value: text(value),
    href: key === "version" && commit ? `${commitUrl}${commit.slice(0, 7)}` : undefined,
  }));
}
