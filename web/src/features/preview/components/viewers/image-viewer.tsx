import { Maximize, ZoomIn, ZoomOut } from "lucide-react";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { IconButton } from "@/ui/icon-button";
import { photoTakenAt } from "../../lib/photo-date";
import { clampZoom, gestureOf, isDoubleTap } from "../../lib/touch-gestures";
import type { ViewerProps } from "./viewer-props";

const STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

/**
 * An image fitted to the modal (upright by its EXIF orientation: browsers apply it to <img>), with zoom buttons, and
 * on touch screens swipe to the previous/next picture, pinch and double-tap to zoom. The neighbours are fetched
 * ahead so a swipe shows them at once; the EXIF date taken is shown when the file has one.
 */
export default function ImageViewer({ item, src, onNext, onPrevious, preload }: ViewerProps) {
  // undefined = fit to the modal.
  const [zoom, setZoom] = useState<number | undefined>();
  const [takenAt, setTakenAt] = useState<Date | undefined>();
  const current = zoom ?? 1;
  const zoomIn = () => setZoom(STEPS.find((s) => s > current) ?? current);
  const zoomOut = () => setZoom([...STEPS].reverse().find((s) => s < current) ?? current);

  useEffect(() => {
    let cancelled = false;
    setTakenAt(undefined);
    photoTakenAt(src).then(
      (date) => !cancelled && setTakenAt(date),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [src]);

  useEffect(() => {
    const images = (preload ?? []).map((url) => {
      const img = new Image();
      img.decoding = "async";
      img.src = url;
      return img;
    });
    return () => {
      for (const img of images) img.src = "";
    };
  }, [preload]);

  // Touch: one finger swipes (when fitted) or is a tap; two fingers pinch.
  const pointers = useRef(new Map<number, { x: number; y: number; at: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | undefined>(undefined);
  const lastTap = useRef<{ x: number; y: number; at: number } | undefined>(undefined);
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType !== "touch") return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY, at: e.timeStamp });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom: current };
  };
  const onPointerMove = (e: PointerEvent) => {
    const start = pointers.current.get(e.pointerId);
    if (!start || !pinch.current) return;
    pointers.current.set(e.pointerId, { ...start, x: e.clientX, y: e.clientY });
    if (pinch.current.distance > 0) {
      const z = clampZoom((pinch.current.zoom * distance()) / pinch.current.distance);
      setZoom(z <= 1.01 ? undefined : z);
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = pointers.current.get(e.pointerId);
    pointers.current.delete(e.pointerId);
    if (!start) return;
    if (pinch.current) {
      if (pointers.current.size === 0) pinch.current = undefined;
      return;
    }
    const gesture = gestureOf(e.clientX - start.x, e.clientY - start.y, e.timeStamp - start.at);
    if (gesture === "tap") {
      const tap = { x: e.clientX, y: e.clientY, at: e.timeStamp };
      if (isDoubleTap(lastTap.current, tap)) {
        setZoom(zoom === undefined ? 2 : undefined);
        lastTap.current = undefined;
      } else lastTap.current = tap;
    } else if (zoom === undefined && gesture === "swipe-left") onNext?.();
    else if (zoom === undefined && gesture === "swipe-right") onPrevious?.();
  };
  const onPointerCancel = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = undefined;
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex flex-wrap items-center justify-center gap-1 p-1" role="toolbar" aria-label="Zoom">
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
        {takenAt && (
          <span className="ml-2 text-sm text-on-surface-variant">
            Taken{" "}
            <time dateTime={takenAt.toISOString()}>
              {takenAt.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}
            </time>
          </span>
        )}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: touch gestures; the buttons and arrow keys do the same */}
      <div
        data-testid="image-stage"
        className={`flex min-h-0 flex-1 items-center justify-center overflow-auto ${zoom === undefined ? "touch-none" : "touch-pan-x touch-pan-y"}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onDoubleClick={() => setZoom(zoom === undefined ? 2 : undefined)}
      >
        <img
          src={src}
          alt={item.name}
          draggable={false}
          className={zoom === undefined ? "max-h-full max-w-full object-contain" : "max-w-none"}
          style={zoom === undefined ? undefined : { width: `${zoom * 100}%` }}
        />
      </div>
    </div>
  );
}
