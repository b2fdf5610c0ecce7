import { extensionOf } from "@/drive/files/file-item";
import { ViewerMessage } from "../viewer-message";
import { DocxPreview } from "./docx-preview";
import type { ViewerProps } from "./viewer-props";
import { XlsxPreview } from "./xlsx-preview";

/** docx and xlsx are rendered in the browser; the older and other office formats are offered as downloads. */
export default function OfficeViewer(props: ViewerProps) {
  const ext = extensionOf(props.item.name);
  if (ext === "docx") return <DocxPreview {...props} />;
  if (ext === "xlsx") return <XlsxPreview {...props} />;
  return <ViewerMessage onDownload={props.onDownload}>This document can't be shown in the browser.</ViewerMessage>;
}
