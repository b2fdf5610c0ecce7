import { createElement } from "react";
import type { Toast } from "react-hot-toast";
import { onDemand } from "./on-demand";

// react-hot-toast (and the CSS-in-JS it brings) is fetched with the first toast, not with the first page.
export const toastModule = onDemand(() => import("react-hot-toast"));

type Kind = "success" | "error" | "loading" | "blank";

/** A button in a toast ("Undo"): it closes the toast and runs `onClick`. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** Replaces the toast with this id (a `loading` one) instead of adding one. */
  id?: string;
  action?: ToastAction;
}

/** A toast with a button stays long enough to reach it (hovering it pauses the time). */
export const ACTION_TOAST_MS = 8000;

let lastId = 0;

/** The newest toast's button while it shows, so a shortcut (Ctrl+Z for "Undo") can press it. */
let lastAction: { action: ToastAction; until: number; dismiss: () => void } | undefined;

/** Presses the button labelled `label` of the newest toast that has one, while it shows; false when there is none. */
export function pressToastAction(label: string): boolean {
  const last = lastAction;
  if (!last || last.action.label !== label || Date.now() > last.until) return false;
  lastAction = undefined;
  last.dismiss();
  last.action.onClick();
  return true;
}

function withAction(message: string, action: ToastAction, dismiss: () => void) {
  return createElement(
    "span",
    { className: "flex items-center gap-3" },
    createElement("span", null, message),
    createElement(
      "button",
      {
        type: "button",
        className:
          "min-h-11 shrink-0 rounded-full px-3 text-sm font-medium text-primary outline-none hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary pointer-coarse:min-h-12",
        onClick: () => {
          if (lastAction?.action === action) lastAction = undefined;
          dismiss();
          action.onClick();
        },
      },
      action.label,
    ),
  );
}

function show(kind: Kind, message: string, options: ToastOptions = {}) {
  const { id, action } = options;
  void toastModule.load().then(
    ({ default: hotToast }) => {
      const content = action ? (t: Toast) => withAction(message, action, () => hotToast.dismiss(t.id)) : message;
      const opts = { id, ...(action ? { duration: ACTION_TOAST_MS } : {}) };
      const shown = kind === "blank" ? hotToast(content, opts) : hotToast[kind](content, opts);
      if (action) lastAction = { action, until: Date.now() + ACTION_TOAST_MS, dismiss: () => hotToast.dismiss(shown) };
      return shown;
    },
    () => console.error(`${kind}: ${message}`), // Offline before the first toast: the message is not lost entirely.
  );
}

/**
 * The app's notifications, with react-hot-toast's defaults (the spec's: 20 at most; 4000 ms for errors, 2000 ms for
 * successes, loading until replaced; ACTION_TOAST_MS with an action). `loading` returns an id right away; passing it
 * to `success` or `error` replaces that toast.
 */
export const toast = {
  /** News that is neither success nor failure, e.g. "Nothing moved". */
  info: (message: string, options?: ToastOptions) => show("blank", message, options),
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  loading(message: string): string {
    lastId += 1;
    const id = `toast-${lastId}`;
    show("loading", message, { id });
    return id;
  },
};
