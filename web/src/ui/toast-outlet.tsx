import { useSyncExternalStore } from "react";
import { toastModule } from "@/lib/toast";

/**
 * At the bottom, as Drive's: on a wide screen between the panels in the corners; on a phone above the bottom bar
 * (69 px) and the floating New button (88 px), so no toast covers a control of the page.
 */
const TOAST_BOTTOM = 160;

/** Where toasts appear; renders nothing until the first toast has brought react-hot-toast in. */
export function ToastOutlet() {
  const hotToast = useSyncExternalStore(toastModule.subscribe, () => toastModule.current);
  if (!hotToast) return null;
  return (
    <hotToast.Toaster
      position="bottom-center"
      containerStyle={{ bottom: TOAST_BOTTOM }}
      toastOptions={{
        className: "bg-surface-container-high! text-on-surface!",
      }}
    />
  );
}
