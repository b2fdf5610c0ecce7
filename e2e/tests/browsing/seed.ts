// Test data for the browsing specs, created through the real API.
import type { APIRequestContext } from "@playwright/test";

export interface SeedFile {
  name: string;
  path?: string;
  mimeType?: string;
  /** ISO date-time; the server uses it as updatedAt. */
  updatedAt?: string;
}

/** An empty file (size 0, no parts): the server accepts these, and they are instant to create. */
export async function createEmptyFile(request: APIRequestContext, file: SeedFile): Promise<{ id: string }> {
  const res = await request.post("/api/files", {
    data: {
      name: file.name,
      type: "file",
      path: file.path ?? "/",
      mimeType: file.mimeType ?? "application/octet-stream",
      size: 0,
      parts: [],
      ...(file.updatedAt ? { updatedAt: file.updatedAt } : {}),
    },
  });
  if (!res.ok()) throw new Error(`create ${file.name}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** Creates `count` empty files named `${prefix}NNN` (zero-padded so name order is numeric order). */
export async function createManyFiles(
  request: APIRequestContext,
  count: number,
  opts: { prefix?: string; path?: string } = {},
): Promise<void> {
  const prefix = opts.prefix ?? "file-";
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, (_, j) =>
        createEmptyFile(request, { name: `${prefix}${String(i + j + 1).padStart(3, "0")}.txt`, path: opts.path }),
      ),
    );
  }
}

/** Days before now as an ISO date-time at noon UTC (clear of day boundaries). */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - days);
  d.setUTCHours(12, 0, 0, 0);
  return d.toISOString();
}
