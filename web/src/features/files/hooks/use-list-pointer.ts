import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { FileItem } from "@/drive/files/file-item";
import { onDemand } from "@/lib/on-demand";
import { clickModeOf } from "@/lib/selection";
import type { OpenedBy } from "@/ui/deferred-trigger";
import type { SelectionState } from "../stores/selection-store";
import { indexOfEvent } from "./index-of-event";

const LONG_PRESS_MS = 500;

// Menus and the touch action sheet are not needed to draw the list: fetched on first use (or first touch).
export const contextMenu = onDemand(() => import("../components/file-context-menu"));
export const actionSheet = onDemand(() => import("../components/action-sheet"));

/** Where the context menu opens; `opening` counts openings, so each mounts a fresh menu reading that moment's selection. */
export interface MenuRequest {
  x: number;
  y: number;
  openedBy: OpenedBy;
  opening: number;
}

/**
 * Mouse, touch and context-menu handling of the list, delegated from its scroller: a click selects (Ctrl/Shift
 * extend), a double click opens; on touch a tap opens (or toggles in Select mode) and a long press opens the action
 * sheet; a right click or the menu key opens the context menu at the pointer or the focused row.
 */
export function useListPointer(o: {
  itemAt(index: number): FileItem | undefined;
  selection: SelectionState;
  selectMode: boolean;
  setFocusIndex(index: number): void;
  onOpen(item: FileItem): void;
}) {
  const { itemAt, selection } = o;
  const idAt = (i: number) => itemAt(i)?.id;
  const [sheetOpen, setSheetOpen] = useState(false);
  const [menu, setMenu] = useState<MenuRequest>();
  const [touch, setTouch] = useState(false);
  useEffect(() => {
    setTouch(window.matchMedia("(pointer: coarse)").matches);
  }, []);

  const pointer = useRef<{ type: string; timer?: ReturnType<typeof setTimeout>; long: boolean }>({
    type: "mouse",
    long: false,
  });
  const onPointerDown = (e: PointerEvent) => {
    pointer.current.type = e.pointerType;
    pointer.current.long = false;
    clearTimeout(pointer.current.timer);
    if (e.pointerType !== "touch") return;
    // Offline: no sheet; the next long press tries again.
    const sheetLoaded = actionSheet.load().then(
      () => true,
      () => false,
    );
    const index = indexOfEvent(e);
    pointer.current.timer = setTimeout(() => {
      pointer.current.long = true;
      if (index !== undefined && !selection.ids.has(itemAt(index)?.id ?? "")) selection.click(index, "replace", idAt);
      if (index === undefined) selection.clear();
      void sheetLoaded.then((ok) => ok && setSheetOpen(true));
    }, LONG_PRESS_MS);
  };
  const cancelLongPress = () => clearTimeout(pointer.current.timer);

  const onClick = (e: MouseEvent) => {
    const index = indexOfEvent(e);
    if (pointer.current.long) return;
    if (index === undefined) {
      if (e.target === e.currentTarget || (e.target as HTMLElement).dataset.spacer !== undefined) selection.clear();
      return;
    }
    o.setFocusIndex(index);
    const item = itemAt(index);
    if (pointer.current.type === "touch") {
      if (o.selectMode) selection.click(index, "toggle", idAt);
      else if (item) o.onOpen(item);
      return;
    }
    selection.click(index, clickModeOf(e), idAt);
  };

  const onDoubleClick = (e: MouseEvent) => {
    const index = indexOfEvent(e);
    const item = index === undefined ? undefined : itemAt(index);
    if (item && pointer.current.type !== "touch") o.onOpen(item);
  };

  const onContextMenu = (e: MouseEvent) => {
    const index = indexOfEvent(e);
    if (index === undefined) selection.clear();
    else {
      const id = itemAt(index)?.id;
      if (id && !selection.ids.has(id)) selection.click(index, "replace", idAt);
      o.setFocusIndex(index);
    }
    // On touch screens a long press opens the action sheet instead.
    if (touch) return;
    e.preventDefault();
    // From the context-menu key or Shift+F10 no button is pressed (-1, or 0 at 0,0): open at the focused row.
    const fromKeyboard = e.button === -1 || (e.clientX === 0 && e.clientY === 0);
    const rect = (e.target as HTMLElement).getBoundingClientRect();
    const at = fromKeyboard ? { x: rect.left + 16, y: rect.bottom } : { x: e.clientX, y: e.clientY };
    void contextMenu.load().then(
      () =>
        setMenu((old) => ({
          ...at,
          openedBy: fromKeyboard ? "keyboard" : "pointer",
          opening: (old?.opening ?? 0) + 1,
        })),
      () => undefined, // Offline: nothing opens; the next right-click tries again.
    );
  };

  return {
    menu,
    closeMenu: () => setMenu(undefined),
    sheetOpen,
    setSheetOpen,
    handlers: {
      onClick,
      onDoubleClick,
      onContextMenu,
      onPointerDown,
      onPointerUp: cancelLongPress,
      onPointerCancel: cancelLongPress,
      onPointerMove: (e: PointerEvent) => {
        if (e.pointerType === "touch" && (Math.abs(e.movementX) > 4 || Math.abs(e.movementY) > 4)) cancelLongPress();
      },
    },
  };
}
