/** Hosts every file-action dialog and the preview modal; mounted once in the authenticated layout. */
export function FileActionDialogs() {
  return null;
}
