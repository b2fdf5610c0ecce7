/** How many columns of at least `minWidth` px, `gap` px apart, fit in `width` px (`least` at the least). */
export function columnsThatFit(width: number, minWidth: number, gap: number, least = 1): number {
  return Math.max(least, Math.floor((width + gap) / (minWidth + gap)));
}
