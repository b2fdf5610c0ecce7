/** Cards of the share's grid: at least this wide (px), on a phone and from the sm breakpoint, 12 px apart. */
export const CARD_MIN = { phone: 152, wide: 176 } as const;
export const CARD_GAP = 12;

/** `items` in rows of `columns`, the last one shorter. */
export function inRows<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));
  return rows;
}
