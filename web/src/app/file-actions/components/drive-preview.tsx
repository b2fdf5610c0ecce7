import { useMemo } from "react";
import { PreviewModal } from "@/features/preview/components/preview-modal";
import { rcloneMediaUrl } from "@/features/preview/lib/media-url";
import type { PreviewSource } from "@/features/preview/lib/preview-source";
import type { FileActionContext } from "@/shared/lib/file-commands";
import type { FileItem } from "@/shared/lib/file-item";
import { useSettings } from "@/shared/stores/settings-store";
import { contentUrl } from "../file-actions";

/** The preview modal reading from the drive: content URLs with the session hash, or the Rclone proxy. */
export function DrivePreview({ item, ctx, onClose }: { item: FileItem; ctx: FileActionContext; onClose: () => void }) {
  const rcloneProxy = useSettings((s) => s.rcloneProxy);
  const source = useMemo<PreviewSource>(
    () => ({
      url: (file) =>
        rcloneProxy && ctx.folderPath !== undefined
          ? Promise.resolve(rcloneMediaUrl(rcloneProxy, ctx.folderPath, file.name))
          : contentUrl(file),
      downloadUrl: (file) => contentUrl(file, { download: true }),
    }),
    [rcloneProxy, ctx.folderPath],
  );
  return <PreviewModal item={item} items={ctx.items} source={source} onClose={onClose} />;
}
