import { useSyncExternalStore } from "react";
import { useBottomOverlayReach } from "@/lib/bottom-overlays";
import { PHONE_QUERY, useMediaQuery } from "@/lib/hooks/use-media-query";
import { toastModule } from "@/lib/toast";

/**
 * Top centre, as the spec has it. On a phone the top is the header and the folder's toolbar, so there toasts sit at
 * the bottom, above the bottom bar (69 px) and the floating New button (88 px): no toast covers a control.
 */
const TOAST_BOTTOM = 160;
/** Above a bottom panel (uploads, downloads) New rises over it: its 56 px and 12 px either side. */
const ABOVE_PANEL = 80;

/** Where toasts appear; renders nothing until the first toast has brought react-hot-toast in. */
export function ToastOutlet() {
  const hotToast = useSyncExternalStore(toastModule.subscribe, () => toastModule.current);
  const phone = useMediaQuery(PHONE_QUERY);
  const panels = useBottomOverlayReach();
  if (!hotToast) return null;
  return (
    <hotToast.Toaster
      position={phone ? "bottom-center" : "top-center"}
      containerStyle={phone ? { bottom: Math.max(TOAST_BOTTOM, panels + ABOVE_PANEL) } : undefined}
      toastOptions={{
        className: "bg-surface-container-high! text-on-surface!",
      }}
    />
  );
}
