/** The list index of the row or card an event happened in (rows and cards carry `data-index`). */
export function indexOfEvent(e: { target: EventTarget }): number | undefined {
  const el = (e.target as HTMLElement).closest<HTMLElement>("[data-index]");
  return el ? Number(el.dataset.index) : undefined;
}
