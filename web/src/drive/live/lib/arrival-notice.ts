/** A file that arrived through one of the user's file requests, as the live stream tells it. */
export interface Arrival {
  requestId: string;
  title: string;
  folderName: string;
  fileName: string;
}

/** One notice for the files one request brought in a moment: `3 files arrived in "Tax" via request "Receipts"`. */
export function arrivalNotice(arrivals: readonly Arrival[]): string {
  const [first] = arrivals;
  if (!first) return "";
  const what = arrivals.length === 1 ? `"${first.fileName}" arrived` : `${arrivals.length} files arrived`;
  return `${what} in "${first.folderName}" via request "${first.title}"`;
}

/** Arrivals grouped by request, in the order their requests first appeared. */
export function byRequest(arrivals: readonly Arrival[]): Arrival[][] {
  const groups = new Map<string, Arrival[]>();
  for (const arrival of arrivals) {
    const group = groups.get(arrival.requestId);
    if (group) group.push(arrival);
    else groups.set(arrival.requestId, [arrival]);
  }
  return [...groups.values()];
}
