/** Pure selection rules of a list (the file list, the trash): click, Ctrl/Cmd-click, Shift-click, select all. */
export interface Selection {
  ids: ReadonlySet<string>;
  /** Index the next Shift-click ranges from. */
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export type ClickMode = "replace" | "toggle" | "range";

export function clickModeOf(e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): ClickMode {
  if (e.shiftKey) return "range";
  if (e.ctrlKey || e.metaKey) return "toggle";
  return "replace";
}

/**
 * `idAt` answers for loaded rows only; a range over rows whose page has not arrived selects the loaded ones
 * (the list is paged; unloaded rows have no id yet).
 */
export function applyClick(
  current: Selection,
  click: { index: number; mode: ClickMode; idAt: (index: number) => string | undefined },
): Selection {
  const id = click.idAt(click.index);
  if (id === undefined) return current;
  if (click.mode === "toggle") {
    const ids = new Set(current.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: click.index };
  }
  if (click.mode === "range" && current.anchor !== null) {
    const from = Math.min(current.anchor, click.index);
    const to = Math.max(current.anchor, click.index);
    const ids = new Set<string>();
    for (let i = from; i <= to; i++) {
      const rowId = click.idAt(i);
      if (rowId !== undefined) ids.add(rowId);
    }
    return { ids, anchor: current.anchor };
  }
  return { ids: new Set([id]), anchor: click.index };
}

export function selectAll(ids: Iterable<string>): Selection {
  return { ids: new Set(ids), anchor: null };
}

/** The selection without these ids (items that left the list); the anchor goes, since the rows shift. */
export function deselect(current: Selection, gone: Iterable<string>): Selection {
  const ids = new Set(current.ids);
  for (const id of gone) ids.delete(id);
  return { ids, anchor: null };
}
