import { getApiGeneration } from "@/drive/api/generation";
import { queryClient } from "@/drive/api/query-client";
import { fileLinksQueryOptions } from "./file-shares";
import { fileShareQueryOptions } from "./get-file-share";
import { shareLink } from "./share-link";

/** The address of a file's public share link (its first one on API-B), or undefined when it has none. */
export async function publicLinkOf(fileId: string, origin: string): Promise<string | undefined> {
  if ((await getApiGeneration()) === "B") {
    const [first] = await queryClient.fetchQuery(fileLinksQueryOptions(fileId));
    return first ? shareLink(origin, first.id) : undefined;
  }
  const share = await queryClient.fetchQuery(fileShareQueryOptions(fileId));
  return share ? shareLink(origin, share.id) : undefined;
}
