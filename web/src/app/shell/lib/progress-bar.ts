/** Paths where the top progress bar stays hidden (spec: not on search or settings). */
export function progressBarAllowed(pathname: string): boolean {
  return !/^\/(search|settings)(\/|$)/.test(pathname);
}
