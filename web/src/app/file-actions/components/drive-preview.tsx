import { useMemo } from "react";
import type { FileActionContext } from "@/drive/commands/file-commands";
import type { FileItem } from "@/drive/files/file-item";
import { forgetPosition, readPosition, savePosition } from "@/drive/playback/playback-positions";
import { useSettings } from "@/drive/settings/settings-store";
import { PreviewModal } from "@/features/preview/components/preview-modal";
import { rcloneMediaUrl } from "@/features/preview/lib/media-url";
import type { PreviewSource } from "@/features/preview/lib/preview-source";
import { contentUrl } from "../file-actions";

/** The preview modal reading from the drive: content URLs with the session hash, or the Rclone proxy. */
export function DrivePreview({ item, ctx, onClose }: { item: FileItem; ctx: FileActionContext; onClose: () => void }) {
  const rcloneProxy = useSettings((s) => s.rcloneProxy);
  const source = useMemo<PreviewSource>(
    () => ({
      url: (file) =>
        rcloneProxy && ctx.folderPath !== undefined
          ? Promise.resolve(rcloneMediaUrl(rcloneProxy, ctx.folderPath, file.name))
          : contentUrl(file, { origin: location.origin }),
      downloadUrl: (file) => contentUrl(file, { origin: location.origin, download: true }),
      playback: { read: readPosition, save: savePosition, forget: forgetPosition },
      inDrive: true,
    }),
    [rcloneProxy, ctx.folderPath],
  );
  return <PreviewModal item={item} items={ctx.items} source={source} onClose={onClose} />;
}
