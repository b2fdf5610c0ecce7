import { toast } from "@/lib/toast";
import { type Arrival, arrivalNotice, byRequest } from "./lib/arrival-notice";

/** Files arriving together (a visitor dropping several) make one notice per request, this long after the first. */
const GATHER_MS = 1500;

/** Tells the owner, in a toast, what arrived through their file requests. */
export class RequestArrivals {
  private pending: Arrival[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  add(arrival: Arrival): void {
    this.pending.push(arrival);
    this.timer ??= setTimeout(() => this.flush(), GATHER_MS);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private flush(): void {
    this.timer = undefined;
    const groups = byRequest(this.pending);
    this.pending = [];
    for (const group of groups) toast.success(arrivalNotice(group));
  }
}
