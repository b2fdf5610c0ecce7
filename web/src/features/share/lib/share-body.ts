/** What the owner sends to create or change a share. */
export interface SaveShareVars {
  fileId: string;
  password?: string;
  expiresAt?: string;
}

/** The body POST and PATCH take: only what was filled in (an empty password means none). */
export const shareBody = ({ password, expiresAt }: SaveShareVars) => ({
  ...(password ? { password } : {}),
  ...(expiresAt ? { expiresAt } : {}),
});
