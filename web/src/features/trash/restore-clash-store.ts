import { create } from "zustand";
import type { Clash } from "./api/restore-from-trash";

export interface RestoreRequest {
  items: { id: string; name: string }[];
  clashes: Clash[];
}

/**
 * A restore stopped by names already taken, waiting for the user's choice (RestoreClashDialog). Apart from restore.ts
 * so the signed-in frame, which watches it, does not load the restore itself.
 */
export const useRestoreClashStore = create<{ request: RestoreRequest | null }>()(() => ({ request: null }));
