/** The upload queue panel; mounted once in the authenticated layout. */
export function UploadPanel() {
  return null;
}
