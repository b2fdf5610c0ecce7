/** What the owner sends to create or change a share. */
export interface SaveShareVars {
  fileId: string;
  /** A new password; null removes it (servers with `shareClear` only). */
  password?: string | null;
  /** A new expiry; null removes it (servers with `shareClear` only). */
  expiresAt?: string | null;
}

/** The body POST and PATCH take: only what was filled in (an empty password means none); null asks for removal. */
export const shareBody = ({ password, expiresAt }: SaveShareVars) => ({
  ...(password || password === null ? { password } : {}),
  ...(expiresAt || expiresAt === null ? { expiresAt } : {}),
});
