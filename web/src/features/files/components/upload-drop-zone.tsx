import { Upload } from "lucide-react";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useFileCommands } from "@/drive/commands/file-commands-context";
import { ROOT_NAME } from "@/drive/files/folder-path";

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/** Accepts files and folders dropped anywhere inside it and uploads them into `folderPath`. */
export function UploadDropZone(props: { folderPath: string; children: ReactNode }) {
  const commands = useFileCommands();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them to know when the pointer really left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current++;
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  };
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    commands.uploadDropped(event.dataTransfer, props.folderPath);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer gesture; the toolbar's upload buttons are the keyboard path
    <div
      className="relative flex min-h-0 flex-1 flex-col"
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="upload-drop-zone"
    >
      {props.children}
      {over && (
        <div className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center rounded-2xl border-2 border-dashed border-primary bg-primary-container/80">
          <p className="flex items-center gap-2 text-lg font-medium text-on-primary-container">
            <Upload aria-hidden className="size-6" />
            Drop to upload to {props.folderPath === "/" ? ROOT_NAME : props.folderPath}
          </p>
        </div>
      )}
    </div>
  );
}
