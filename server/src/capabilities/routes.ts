import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps.js";

/**
 * Where this server differs from Teldrive 1.8's API. A client asks once per session; a real Teldrive server answers
 * 404 here, which the client reads as Teldrive 1.8's behaviour for every field. Add a field when a feature lands;
 * never remove one a released client may read (absent means Teldrive's behaviour).
 */
export interface Capabilities {
  /** Sign-in by scanning a QR code with Telegram: needs Telegram, so never on this server. */
  qrLogin: boolean;
  /** `GET /files` with `operation=find`, `query` and `path` searches only that folder (its subtree with deepSearch). */
  searchLocation: boolean;
  /** `updatedAt` filters take exact instants (`gte:2024-11-01T00:00:00+01:00`), not only UTC days. */
  updatedAtInstants: boolean;
  /** `GET /shares` lists the caller's own shares with their items, expiry and creation time. */
  shareList: boolean;
  /** `PATCH /files/{id}/share` with `password: null` or `expiresAt: null` removes the password or the expiry. */
  shareClear: boolean;
  /** `GET /thumbnails/{fileId}?w=360|720` renders WebP thumbnails of images, so none needs a resizer host. */
  thumbnails: boolean;
  /** `POST /files/delete` moves items to the trash (`/trash…` calls); Teldrive deletes them for good. */
  trash: boolean;
  /**
   * Teldrive main's sign-in: `/auth/attempts…`, `POST /auth/refresh` with the `refresh_token` cookie, `sessionId`
   * in `/auth/session` and `/users/sessions`, `?sid=` on media URLs.
   */
  authAttempts: boolean;
  /** `/users/api-keys`: keys for scripts and rclone, sent as `X-Api-Key`. */
  apiKeys: boolean;
}

export const CAPABILITIES: Capabilities = {
  qrLogin: false,
  searchLocation: true,
  updatedAtInstants: true,
  shareList: true,
  shareClear: true,
  thumbnails: true,
  trash: true,
  authAttempts: true,
  apiKeys: true,
};

export async function capabilityRoutes(app: FastifyInstance, _deps: Deps) {
  // No session needed: the sign-in page reads it to decide which sign-in methods to offer.
  app.get("/capabilities", async () => CAPABILITIES);
}
