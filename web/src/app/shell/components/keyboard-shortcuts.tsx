import { lazy, Suspense, useEffect, useState } from "react";
import { pressToastAction } from "@/lib/toast";

// The list is a dialog: fetched the first time someone presses "?", not with the first page.
const ShortcutsDialog = lazy(() => import("./shortcuts-dialog").then((m) => ({ default: m.ShortcutsDialog })));

/** Typing into a field: its keys are the field's, not shortcuts. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest("input, textarea, select, [role=textbox]") !== null)
  );
}

/**
 * The app's own shortcuts, everywhere while signed in: "/" goes to the search box, "?" lists the shortcuts, Ctrl+Z
 * (Cmd+Z) undoes the last delete or move while its "Undo" is offered.
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      if (e.key === "/" && !mod && !e.altKey) {
        const search = document.querySelector<HTMLInputElement>('input[type="search"]');
        if (!search) return;
        e.preventDefault();
        e.stopPropagation();
        search.focus();
      } else if (e.key === "?" && !mod && !e.altKey) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(true);
      } else if (mod && !e.shiftKey && e.key.toLowerCase() === "z") {
        if (pressToastAction("Undo")) e.preventDefault();
      }
    };
    // Captured before the file list sees them: "/" and "?" are not the start of a name to jump to.
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, []);
  return open ? (
    <Suspense>
      <ShortcutsDialog onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
