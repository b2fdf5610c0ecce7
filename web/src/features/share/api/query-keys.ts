/**
 * The list of the user's own shares (`GET /shares`, features/shared-links). It sits under ["files"], so every file
 * mutation, which refetches ["files"], refreshes it too; a change to one share refetches it by this key.
 */
export const MY_SHARES_QUERY_KEY = ["files", "shares"] as const;
