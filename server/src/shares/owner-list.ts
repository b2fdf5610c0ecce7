import type { ShareListItem } from "@drive/contract";
import type { Queryable } from "../db/index.js";
import { MAX_DEPTH } from "../files/tree.js";
import { rfc3339 } from "../http/rfc3339.js";

interface ShareListRow {
  id: string;
  file_id: string;
  name: string;
  type: "file" | "folder";
  mime_type: string;
  size: number | null;
  has_password: boolean;
  expires_at: Date | null;
  created_at: Date;
  expired: boolean;
  path: string | null;
}

/** Shares of active items only: a share whose item is gone or in the trash cannot be opened, so it is not listed. */
const OWNED_SHARES = `FROM file_shares s JOIN files f ON f.id = s.file_id AND f.status = 'active' AND f.user_id = s.user_id
  WHERE s.user_id = $1`;

/**
 * One page of the user's shares, newest first, each with its item's path. The paths of the page's items are walked
 * up in one recursive query, so a page costs the same whatever its items' depth or number.
 */
export async function listOwnShares(
  db: Queryable,
  userId: number,
  paging: { page: number; limit: number },
): Promise<{ items: ShareListItem[]; meta: { count: number; totalPages: number; currentPage: number } }> {
  const [counted] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${OWNED_SHARES}`, [userId]);
  const count = counted?.n ?? 0;
  const rows = await db.query<ShareListRow>(
    `WITH RECURSIVE page AS (
       SELECT s.id, s.file_id, s.password IS NOT NULL AS has_password, s.expires_at, s.created_at,
              s.expires_at IS NOT NULL AND s.expires_at <= now() AS expired,
              f.name, f.type, f.mime_type, f.size
       ${OWNED_SHARES}
       ORDER BY s.created_at DESC, s.id LIMIT $2 OFFSET $3
     ),
     up(share_id, parent_id, name, depth) AS (
       SELECT page.id, f.parent_id, f.name, 0 FROM page JOIN files f ON f.id = page.file_id
       UNION ALL
       SELECT up.share_id, f.parent_id, f.name, up.depth + 1 FROM up JOIN files f ON f.id = up.parent_id
       WHERE up.depth < ${MAX_DEPTH}
     )
     SELECT page.*,
       (SELECT string_agg('/' || up.name, '' ORDER BY up.depth DESC) FROM up
        WHERE up.share_id = page.id AND up.parent_id IS NOT NULL) AS path
     FROM page ORDER BY page.created_at DESC, page.id`,
    [userId, paging.limit, (paging.page - 1) * paging.limit],
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      protected: r.has_password,
      ...(r.expires_at ? { expiresAt: rfc3339(r.expires_at) } : {}),
      expired: r.expired,
      createdAt: rfc3339(r.created_at),
      file: { id: r.file_id, name: r.name, type: r.type, mimeType: r.mime_type, size: r.size ?? 0, path: r.path ?? "" },
    })),
    meta: { count, totalPages: Math.ceil(count / paging.limit), currentPage: paging.page },
  };
}
