// The one place the ARIA grid pattern is written: a virtualised list must absolutely place its rows, which table
// elements cannot do, so grid, rows and cells are divs with their roles. Keyboard access is roving focus: the list
// gives exactly one row or cell tabIndex 0 and moves it with the arrow keys; the others are -1 or not focusable.
// biome-ignore-all lint/a11y/useSemanticElements: see above; these are the grid's only role-bearing divs.
// biome-ignore-all lint/a11y/useFocusableInteractive: see above; roving focus sets tabIndex where a row or cell is a focus stop.
import type { ComponentPropsWithRef } from "react";

type DivProps = ComponentPropsWithRef<"div">;

/** The grid itself: name it (`aria-label`) and give it the row and column counts. */
export function AriaGrid(props: DivProps) {
  return <div role="grid" {...props} />;
}

/** A row of the grid; in a list view each row is the focus stop. */
export function AriaGridRow(props: DivProps) {
  return <div role="row" {...props} />;
}

/** A cell of a row; in a grid of cards each card is a cell and the focus stop. */
export function AriaGridCell(props: DivProps) {
  return <div role="gridcell" {...props} />;
}

/** A column header of the header row (`aria-sort` where it sorts). */
export function AriaColumnHeader(props: DivProps) {
  return <div role="columnheader" {...props} />;
}
