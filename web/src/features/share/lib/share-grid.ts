/** Cards of the share's grid: at least this wide (px), on a phone and from the sm breakpoint, 12 px apart. */
export const CARD_MIN = { phone: 152, wide: 176 } as const;
export const CARD_GAP = 12;

/** How many cards of at least `min` px, `gap` px apart, fit in `width` px (at least one). */
export function gridColumns(width: number, min: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (min + gap)));
}

/** `items` in rows of `columns`, the last one shorter. */
export function inRows<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));
  return rows;
}
