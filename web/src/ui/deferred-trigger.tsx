import {
  cloneElement,
  type FocusEvent,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  useRef,
  useState,
} from "react";
import type { OnDemand } from "@/lib/on-demand";

/** How a popup was first opened: a keyboard opening puts focus on its first item, as a menu button should. */
export type OpenedBy = "pointer" | "keyboard";

export interface DeferredTriggerProps<T> {
  /** The popup's code (Radix menu or popover), fetched on first use. */
  module: OnDemand<T>;
  /** The button that opens the popup; rendered alone until then. */
  trigger: ReactElement<HTMLAttributes<HTMLElement>>;
  popup: "menu" | "dialog";
  /** The real popup around `trigger`; `openedBy` is set when this render follows the user's first activation. */
  children(loaded: T, openedBy: OpenedBy | undefined): ReactNode;
}

/**
 * Keeps popup code out of the first page. Until first use the trigger renders alone, announcing its popup;
 * pointing at it or focusing it starts the download, and activating it (click, Enter, Space, ArrowDown) swaps in
 * the real popup, already open. Once the module is here, every instance renders the popup directly.
 */
export function DeferredTrigger<T>({ module, trigger, popup, children }: DeferredTriggerProps<T>) {
  const [loaded, setLoaded] = useState(() => module.current);
  const [openedBy, setOpenedBy] = useState<OpenedBy>();
  if (loaded) return children(loaded, openedBy);

  const preload = () => void module.load().catch(() => undefined);
  const open = (by: OpenedBy) =>
    void module.load().then(
      (value) => {
        setOpenedBy(by);
        setLoaded(() => value);
      },
      () => undefined, // Offline: the button stays; the next activation tries again.
    );
  return cloneElement(trigger, {
    "aria-haspopup": popup,
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    // A click from Enter or Space has no pointer, so detail is 0.
    onClick: (e) => open(e.detail === 0 ? "keyboard" : "pointer"),
    onKeyDown: (e) => {
      if (e.key !== "ArrowDown") return;
      e.preventDefault();
      open("keyboard");
    },
  });
}

/**
 * For a menu's content element: when the menu was opened from the keyboard, the first focus it receives passes on
 * to its first item (Radix does this itself only for openings whose key press it saw).
 */
export function useFirstItemFocus(openedBy: OpenedBy | undefined) {
  const pending = useRef(openedBy === "keyboard");
  return (e: FocusEvent<HTMLElement>) => {
    if (!pending.current || e.target !== e.currentTarget) return;
    pending.current = false;
    e.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
  };
}
