/** The public address of a share. */
export const shareLink = (origin: string, shareId: string) => `${origin}/share/${encodeURIComponent(shareId)}`;
