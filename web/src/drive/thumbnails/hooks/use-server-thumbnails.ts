import { useQuery } from "@tanstack/react-query";
import { capabilitiesQueryOptions } from "@/drive/api/capabilities";

/** Whether the server renders thumbnails itself (our server does; a real Teldrive 1.8 server does not). */
export function useServerThumbnails(): boolean {
  return useQuery(capabilitiesQueryOptions()).data?.thumbnails ?? false;
}

/** Whether the server renders video posters too (ffmpeg is installed there). */
export function useServerVideoPosters(): boolean {
  return useQuery(capabilitiesQueryOptions()).data?.videoPosters ?? false;
}
