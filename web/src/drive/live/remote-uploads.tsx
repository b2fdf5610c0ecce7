import { useSyncExternalStore } from "react";
import { useBottomOverlay } from "@/lib/bottom-overlays";
import { formatSize } from "@/lib/format-size";
import { remoteUploads } from "./live-events";

/** Uploads another tab or device is sending to this drive, while their parts arrive. */
export function RemoteUploads() {
  const list = useSyncExternalStore(remoteUploads.subscribe, remoteUploads.get);
  const overlay = useBottomOverlay();
  if (list.length === 0) return null;
  return (
    <section
      ref={overlay.ref}
      style={overlay.style}
      aria-label="Uploads from other devices"
      className="fixed bottom-20 left-4 z-30 w-[min(20rem,calc(100vw-2rem))] rounded-2xl bg-surface-container-high px-4 py-2 text-on-surface shadow-xl md:bottom-4"
    >
      <h2 className="text-sm font-medium">Uploading from another tab or device</h2>
      <ul className="text-xs text-on-surface-variant" aria-live="polite">
        {list.map((u) => (
          <li key={u.id} className="flex gap-2 py-0.5">
            <span className="min-w-0 flex-1 truncate">{u.name || "Unnamed file"}</span>
            <span>{formatSize(u.bytes)} so far</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
