import type { components } from "@drive/contract";
import { ApiError, api } from "@/drive/api/api-client";

export type OnConflict = NonNullable<components["schemas"]["TrashRestore"]["onConflict"]>;
export type RestoreResult = components["schemas"]["TrashRestoreResult"];
export type Clash = components["schemas"]["TrashClash"]["clashes"][number];

/** `POST /trash/restore`. Without `onConflict` a taken name fails with 409 (see clashesOf). */
export const restoreFromTrash = (ids: string[], onConflict?: OnConflict) =>
  api.post("/trash/restore", { body: { ids, onConflict } });

/** The names that stopped a restore, when that is why it failed. */
export function clashesOf(error: unknown): Clash[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const body = error.body;
  if (body && typeof body === "object" && "clashes" in body && Array.isArray(body.clashes)) return body.clashes;
  return undefined;
}
