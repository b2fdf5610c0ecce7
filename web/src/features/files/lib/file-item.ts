import type { components } from "@/lib/api-schema.gen";

/** A file or folder as the server sends it. */
export type ServerFile = components["schemas"]["File"];

export type PreviewType = "image" | "markdown" | "pdf" | "office" | "code" | "video" | "audio" | "epub";

/** A file or folder as the client shows it (spec section 3). Owned by the browsing feature. */
export interface FileItem {
  id: string;
  name: string;
  type: "file" | "folder";
  mimeType: string;
  category?: string;
  parentId?: string;
  size: number;
  updatedAt: string;
  encrypted: boolean;
  isDir: boolean;
  modDate: Date;
  previewType?: PreviewType;
  openable: boolean;
  thumbnailUrl?: string;
  isEncrypted: boolean;
}
