import type { Capabilities } from "@drive/contract";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import type { Deps } from "../deps.js";
import { ffmpegAvailable } from "../thumbnails/video-poster.js";

/**
 * Where this server differs from Teldrive 1.8's API (the `Capabilities` of docs/openapi.json says what each field
 * means). A client asks once per session; a real Teldrive server answers 404 here, which the client reads as Teldrive
 * 1.8's behaviour for every field. Add a field when a feature lands; never remove one a released client may read
 * (absent means Teldrive's behaviour).
 */
export function capabilitiesOf(config: Pick<Config, "encryptionKey" | "webdav">): Capabilities {
  return {
    qrLogin: false,
    searchLocation: true,
    updatedAtInstants: true,
    shareList: true,
    shareClear: true,
    thumbnails: true,
    trash: true,
    authAttempts: true,
    apiKeys: true,
    jobs: true,
    events: true,
    stars: true,
    encryption: Boolean(config.encryptionKey),
    webdav: config.webdav.enabled,
    playback: true,
    // True where ffmpeg runs (capabilityRoutes asks at start).
    videoPosters: false,
    saveShares: true,
    accountSettings: true,
    fileRequests: true,
    takenAt: true,
  };
}

export async function capabilityRoutes(app: FastifyInstance, deps: Deps) {
  const capabilities: Capabilities = { ...capabilitiesOf(deps.config), videoPosters: await ffmpegAvailable() };
  // No session needed: the sign-in page reads it to decide which sign-in methods to offer.
  app.get("/capabilities", async () => capabilities);
}
