import type { FileList, FileOut } from "@drive/contract";
import { rfc3339 } from "../http/rfc3339.js";
import type { StoredPart } from "../storage/blobs.js";
import type { Category } from "./lib/category.js";

/** A row of the `files` table as the drivers return it (int8 as number, timestamptz as Date, jsonb parsed). */
export interface FileRow {
  id: string;
  name: string;
  type: "file" | "folder";
  mime_type: string;
  size: number;
  category: Category | null;
  encrypted: boolean;
  user_id: number;
  status: string;
  parent_id: string | null;
  parts: StoredPart[] | null;
  channel_id: number | null;
  hash: string | null;
  /** The name as it sorts (db/name-key.ts). */
  name_key: string;
  created_at: Date;
  updated_at: Date;
  /** When a picture was taken (its EXIF date), once read: thumbnails/taken-at.ts. */
  taken_at: Date | null;
}

export type { FileList, FileOut };

/** The columns toFileOut reads; `updated_at` is a string when the row came as JSON (list pages). */
export type FileOutRow = Pick<
  FileRow,
  "id" | "name" | "type" | "mime_type" | "size" | "category" | "encrypted" | "parent_id" | "hash"
> & { updated_at: Date | string; taken_at?: Date | string | null };

/** Row -> API `File`; optional fields are left out when unset (like Teldrive's encoder). */
export function toFileOut(row: FileOutRow): FileOut {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    mimeType: row.mime_type,
    size: row.size,
    encrypted: row.encrypted,
    updatedAt: rfc3339(new Date(row.updated_at)),
    ...(row.category && { category: row.category }),
    ...(row.parent_id && { parentId: row.parent_id }),
    ...(row.hash && { hash: row.hash }),
    // Ours: only list pages read it (PAGE_COLUMNS); list-routes.ts leaves it out under COMPAT.
    ...(row.taken_at && { takenAt: rfc3339(new Date(row.taken_at)) }),
  };
}

/** An item without our `takenAt`: under COMPAT the server answers as Teldrive, which has no such field. */
export function withoutTakenAt({ takenAt: _ours, ...item }: FileOut): FileOut {
  return item;
}

/** A list's items without our `takenAt` (withoutTakenAt). */
export function listWithoutTakenAt<T extends { items: FileOut[] }>(list: T): T {
  return { ...list, items: list.items.map(withoutTakenAt) };
}

/** What a list page reads: only the FileOutRow columns (parts can be large). */
export const LIST_COLUMNS = "id, name, type, mime_type, size, category, encrypted, parent_id, hash, updated_at";
