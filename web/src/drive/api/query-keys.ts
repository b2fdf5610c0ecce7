/**
 * Every file query's key starts with this, so a mutation anywhere (file actions, uploads, shares) and the header
 * search can reach them all.
 */
export const FILES_QUERY_KEY = ["files"] as const;

/**
 * The list of the user's own shares (`GET /shares`, features/shared-links). It sits under ["files"], so every file
 * mutation, which refetches ["files"], refreshes it too; a change to one share refetches it by this key.
 */
export const MY_SHARES_QUERY_KEY = [...FILES_QUERY_KEY, "shares"] as const;
