import type { Capabilities } from "@/drive/api/capabilities";
import type { FindFilters } from "@/drive/files/find-filters";
import { folderToResolve, type SearchParams, searchParamsToFilters } from "./search-filters";

/**
 * The search route's params as this server takes them: find filters, plus the folder path whose id must be looked up
 * first when the server would otherwise search the whole drive (see folderToResolve).
 */
export function searchRequest(
  params: SearchParams,
  capabilities: Capabilities,
  today: Date,
): { filters: FindFilters; resolvePath?: string } {
  const filters = searchParamsToFilters(params, { today, instants: capabilities.updatedAtInstants });
  return { filters, resolvePath: folderToResolve(filters, capabilities.searchLocation) };
}

/** The filters once the folder is known: named by id, which every server honours. */
export function scopedToFolder(filters: FindFilters, folderId: string): FindFilters {
  return { ...filters, path: undefined, parentId: folderId };
}
