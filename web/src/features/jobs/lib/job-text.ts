/** What a run's state means to a person. */
export function stateText(state: string): string {
  switch (state) {
    case "available":
      return "Waiting to start";
    case "scheduled":
      return "Scheduled";
    case "running":
      return "Importing";
    case "retryable":
      return "Failed, will try again";
    case "completed":
      return "Done";
    case "cancelled":
      return "Cancelled";
    case "discarded":
      return "Failed";
    default:
      return state;
  }
}

export const isActive = (state: string) =>
  state === "available" || state === "running" || state === "retryable" || state === "scheduled";

export const canRetry = (state: string) =>
  state === "completed" || state === "cancelled" || state === "discarded" || state === "retryable";

/** Lists the filter patterns a person typed, one per comma or line. */
export function patterns(text: string): string[] | undefined {
  const list = text
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}
