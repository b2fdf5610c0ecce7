import { useSyncExternalStore } from "react";
import { toastModule } from "@/lib/toast";

/** Where toasts appear; renders nothing until the first toast has brought react-hot-toast in. */
export function ToastOutlet() {
  const hotToast = useSyncExternalStore(toastModule.subscribe, () => toastModule.current);
  if (!hotToast) return null;
  return (
    <hotToast.Toaster
      position="top-center"
      toastOptions={{
        className: "bg-surface-container-high! text-on-surface!",
      }}
    />
  );
}
