/**
 * One colour per category, for the donut and its key in the table: the theme's primary colour, then the same
 * lightness and chroma turned around the hue circle, so the chart follows the user's theme colour in light and dark.
 */
const TURNS = [0, 72, 144, 216, 288];

export function categoryColor(index: number): string {
  const turn = TURNS[index % (TURNS.length + 1)];
  if (turn === undefined) return "var(--color-outline)";
  return turn === 0 ? "var(--color-primary)" : `oklch(from var(--color-primary) l c calc(h + ${turn}))`;
}
