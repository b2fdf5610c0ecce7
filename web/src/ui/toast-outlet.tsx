import { useSyncExternalStore } from "react";
import { toastModule } from "@/lib/toast";

/** Below the header (64 px) and a list's toolbar (57 px): a toast covers neither's controls, only a page's first rows. */
const TOAST_TOP = 128;

/** Where toasts appear; renders nothing until the first toast has brought react-hot-toast in. */
export function ToastOutlet() {
  const hotToast = useSyncExternalStore(toastModule.subscribe, () => toastModule.current);
  if (!hotToast) return null;
  return (
    <hotToast.Toaster
      position="top-center"
      containerStyle={{ top: TOAST_TOP }}
      toastOptions={{
        className: "bg-surface-container-high! text-on-surface!",
      }}
    />
  );
}
