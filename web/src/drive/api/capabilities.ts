import type { components } from "@drive/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "./api-client";

export type Capabilities = components["schemas"]["Capabilities"] & {
  /** Set by the client: the server answered /capabilities, so it is ours (a real Teldrive, or COMPAT, has none). */
  ownServer?: boolean;
};

/** What a real Teldrive 1.8 server does: it has no /capabilities (404), and a field our server leaves out means this. */
export const TELDRIVE_1_8: Capabilities = {
  qrLogin: true,
  searchLocation: false,
  updatedAtInstants: false,
  shareList: false,
  shareClear: false,
  thumbnails: false,
  trash: false,
  authAttempts: false,
  apiKeys: false,
  // Teldrive cannot say whether it has an encryption key; its own client always offers encryption.
  encryption: true,
  jobs: false,
  events: false,
  webdav: false,
  playback: false,
  videoPosters: false,
  saveShares: false,
};

/**
 * `GET /capabilities`: where the server differs from Teldrive 1.8, asked once per session. A 404 is a real Teldrive
 * server. Other failures are retried like any query; until an answer arrives, callers use TELDRIVE_1_8 or wait.
 */
export const capabilitiesQueryOptions = () =>
  queryOptions({
    queryKey: ["capabilities"],
    queryFn: async ({ signal }): Promise<Capabilities> => {
      try {
        return { ...TELDRIVE_1_8, ...(await api.get("/capabilities", { signal })), ownServer: true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return TELDRIVE_1_8;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** Whether folders offer "Request files…" (our server's file requests). */
export const useCanRequestFiles = () => useQuery(capabilitiesQueryOptions()).data?.fileRequests === true;
