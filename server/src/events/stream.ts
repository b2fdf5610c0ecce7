import type { ServerResponse } from "node:http";
import type { LogEvent } from "./hub.js";

/**
 * Bytes one connection may have waiting in this process when its client reads slower than events come (a stuck
 * tab, a dead network). Past it the waiting events are dropped and the client, once it reads again, is told to
 * reload: memory per connection stays bounded whatever the client does.
 */
export const STREAM_BUFFER_BYTES = 256 * 1024;
/** A client that has read nothing for this long is cut off (its EventSource reconnects if it is still there). */
const STUCK_MS = 120_000;

/** What a client must do when it cannot be told every change: read everything again (docs/api.md, "Live events"). */
export type ReloadReason = "behind" | "overflow" | "pruned";

/**
 * One Server-Sent Events response: writes events in order with their position as the SSE `id` (what the browser
 * sends back as `Last-Event-ID`), heartbeat comments, and keeps at most STREAM_BUFFER_BYTES queued.
 */
export class EventStream {
  private queue: string[] = [];
  private queued = 0;
  private blocked = false;
  private blockedSince = 0;
  private overflowed = false;
  /** The highest position sent; an event that fills an older gap is sent with this id, so a resume never goes back. */
  private position: number;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    opts: { position: number; heartbeatMs: number },
  ) {
    this.position = opts.position;
    res.on("drain", () => this.flush());
    res.on("close", () => this.close());
    this.heartbeat = setInterval(() => this.beat(), opts.heartbeatMs);
    this.heartbeat.unref();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** What this connection holds in this process: events waiting here and bytes waiting in the socket. */
  bufferedBytes(): number {
    return this.queued + this.res.writableLength;
  }

  send(event: LogEvent): void {
    if (event.seq > this.position) this.position = event.seq;
    this.write(`id: ${this.position}\ndata: ${event.json}\n\n`);
  }

  /** Tells the client to read everything again; `position`: where it then stands. */
  reload(reason: ReloadReason, position: number): void {
    if (position > this.position) this.position = position;
    this.write(`id: ${this.position}\ndata: ${JSON.stringify({ type: "reload", reason })}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.closed) return;
    this.close();
    this.res.end();
  }

  private beat(): void {
    if (this.blocked) {
      if (Date.now() - this.blockedSince > STUCK_MS) this.res.destroy();
      return;
    }
    this.comment("ping");
  }

  private write(chunk: string): void {
    if (this.closed) return;
    if (this.overflowed) return;
    if (this.blocked) {
      this.queued += Buffer.byteLength(chunk);
      if (this.queued > STREAM_BUFFER_BYTES) {
        this.queue = [];
        this.queued = 0;
        this.overflowed = true;
      } else this.queue.push(chunk);
      return;
    }
    if (!this.res.write(chunk)) {
      this.blocked = true;
      this.blockedSince = Date.now();
    }
  }

  private flush(): void {
    if (this.closed) return;
    this.blocked = false;
    const queue = this.queue;
    this.queue = [];
    this.queued = 0;
    if (this.overflowed) {
      this.overflowed = false;
      this.reload("overflow", this.position);
      return;
    }
    for (const chunk of queue) this.write(chunk);
  }

  private close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    this.queue = [];
    this.queued = 0;
  }
}
