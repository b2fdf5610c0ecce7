import { rfc3339 } from "../http/rfc3339.js";
import type { StoredPart } from "../storage/blobs.js";

/** A row of the `files` table as the drivers return it (int8 as number, timestamptz as Date, jsonb parsed). */
export interface FileRow {
  id: string;
  name: string;
  type: "file" | "folder";
  mime_type: string;
  size: number;
  category: string | null;
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
}

/** Teldrive's `File` JSON. */
export interface FileOut {
  id: string;
  name: string;
  type: "file" | "folder";
  mimeType: string;
  category?: string;
  parentId?: string;
  size: number;
  encrypted: boolean;
  hash?: string;
  updatedAt: string;
  path?: string;
  channelId?: number;
}

export interface FileList {
  items: FileOut[];
  meta: { count: number; totalPages: number; currentPage: number };
}

/** The columns toFileOut reads; `updated_at` is a string when the row came as JSON (list pages). */
export type FileOutRow = Pick<
  FileRow,
  "id" | "name" | "type" | "mime_type" | "size" | "category" | "encrypted" | "parent_id" | "hash"
> & { updated_at: Date | string };

/** Row -> API `File`; optional fields are left out when unset (like Teldrive's encoder). */
export function toFileOut(row: FileOutRow): FileOut {
  const out: FileOut = {
    id: row.id,
    name: row.name,
    type: row.type,
    mimeType: row.mime_type,
    size: row.size,
    encrypted: row.encrypted,
    updatedAt: rfc3339(new Date(row.updated_at)),
  };
  if (row.category) out.category = row.category;
  if (row.parent_id) out.parentId = row.parent_id;
  if (row.hash) out.hash = row.hash;
  return out;
}

/** What a list page reads: only the FileOutRow columns (parts can be large). */
export const LIST_COLUMNS = "id, name, type, mime_type, size, category, encrypted, parent_id, hash, updated_at";
