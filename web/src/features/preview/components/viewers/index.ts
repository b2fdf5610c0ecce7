import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { PreviewType } from "@/drive/files/file-item";
import type { ViewerProps } from "./viewer-props";

/** One chunk per viewer, loaded the first time a file of that type is opened. */
export const VIEWERS: Record<PreviewType, LazyExoticComponent<ComponentType<ViewerProps>>> = {
  image: lazy(() => import("./image-viewer")),
  video: lazy(() => import("./video-viewer")),
  audio: lazy(() => import("./audio-viewer")),
  pdf: lazy(() => import("./pdf-viewer")),
  markdown: lazy(() => import("./markdown-viewer")),
  code: lazy(() => import("./code-viewer")),
  epub: lazy(() => import("./epub-viewer")),
  office: lazy(() => import("./office-viewer")),
};
