import { Maximize, ZoomIn, ZoomOut } from "lucide-react";
import { useState } from "react";
import { IconButton } from "@/ui/icon-button";
import type { ViewerProps } from "./viewer-props";

const STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

/** An image fitted to the modal, with zoom in, zoom out and back to fit. */
export default function ImageViewer({ item, src }: ViewerProps) {
  // undefined = fit to the modal.
  const [zoom, setZoom] = useState<number | undefined>();
  const current = zoom ?? 1;
  const zoomIn = () => setZoom(STEPS.find((s) => s > current) ?? current);
  const zoomOut = () => setZoom([...STEPS].reverse().find((s) => s < current) ?? current);
  return (
    <div className="flex h-full flex-col">
      <div className="flex justify-center gap-1 p-1" role="toolbar" aria-label="Zoom">
        <IconButton label="Zoom out" onClick={zoomOut}>
          <ZoomOut aria-hidden className="size-5" />
        </IconButton>
        <span className="self-center text-sm tabular-nums" aria-live="polite">
          {zoom === undefined ? "Fit" : `${Math.round(zoom * 100)}%`}
        </span>
        <IconButton label="Zoom in" onClick={zoomIn}>
          <ZoomIn aria-hidden className="size-5" />
        </IconButton>
        <IconButton label="Fit to window" onClick={() => setZoom(undefined)}>
          <Maximize aria-hidden className="size-5" />
        </IconButton>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto">
        <img
          src={src}
          alt={item.name}
          className={zoom === undefined ? "max-h-full max-w-full object-contain" : "max-w-none"}
          style={zoom === undefined ? undefined : { width: `${zoom * 100}%` }}
        />
      </div>
    </div>
  );
}
