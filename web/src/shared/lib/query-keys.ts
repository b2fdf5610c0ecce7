/**
 * Every file query's key starts with this, so a mutation anywhere (file actions, uploads, shares) and the header
 * search can reach them all.
 */
export const FILES_QUERY_KEY = ["files"] as const;
