import { onDemand } from "./on-demand";

// react-hot-toast (and the CSS-in-JS it brings) is fetched with the first toast, not with the first page.
export const toastModule = onDemand(() => import("react-hot-toast"));

type Kind = "success" | "error" | "loading" | "blank";

let lastId = 0;

function show(kind: Kind, message: string, id?: string) {
  void toastModule.load().then(
    ({ default: hotToast }) => (kind === "blank" ? hotToast(message, { id }) : hotToast[kind](message, { id })),
    () => console.error(`${kind}: ${message}`), // Offline before the first toast: the message is not lost entirely.
  );
}

/**
 * The app's notifications, with react-hot-toast's defaults (the spec's: 20 at most; 4000 ms for errors, 2000 ms for
 * successes, loading until replaced). `loading` returns an id right away; passing it to `success` or `error`
 * replaces that toast.
 */
export const toast = {
  /** News that is neither success nor failure, e.g. "Nothing moved". */
  info: (message: string) => show("blank", message),
  success: (message: string, options?: { id?: string }) => show("success", message, options?.id),
  error: (message: string, options?: { id?: string }) => show("error", message, options?.id),
  loading(message: string): string {
    lastId += 1;
    const id = `toast-${lastId}`;
    show("loading", message, id);
    return id;
  },
};
