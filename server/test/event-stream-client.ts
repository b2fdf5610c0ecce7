import http from "node:http";

/** One Server-Sent Events message as a browser's EventSource sees it. */
export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/** What `data` holds: Teldrive main's Event, or our `reload`. */
export interface EventJson {
  id?: string;
  type: string;
  createdAt?: string;
  reason?: string;
  source?: {
    id: string;
    name: string;
    type: string;
    parentId?: string;
    destParentId?: string;
    count?: number;
    progress?: Record<string, unknown>;
  };
}

/**
 * A client of `GET /api/events/stream` over a real socket: parses messages as EventSource does (comments kept apart,
 * to see heartbeats) and waits for the ones a test expects.
 */
export class EventStreamClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  headers: http.IncomingHttpHeaders = {};
  status = 0;
  private buffer = "";
  private waiters: (() => void)[] = [];
  private req: http.ClientRequest | undefined;
  private res: http.IncomingMessage | undefined;
  private ended = false;

  static async open(
    baseUrl: string,
    headers: Record<string, string>,
    query: Record<string, string> = {},
  ): Promise<EventStreamClient> {
    const client = new EventStreamClient();
    const qs = new URLSearchParams(query).toString();
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${baseUrl}/api/events/stream${qs ? `?${qs}` : ""}`, { headers }, (res) => {
        client.res = res;
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => client.feed(chunk));
        res.on("end", () => {
          client.ended = true;
          client.notify();
        });
        res.on("error", () => {});
        resolve();
      });
      req.on("error", reject);
      client.req = req;
    });
    return client;
  }

  /** The events received so far (reload messages included), parsed. */
  events(): EventJson[] {
    return this.messages.map((m) => JSON.parse(m.data) as EventJson);
  }

  /** Waits until some message after the first `from` matches; the limit only bounds a failing test. */
  async waitFor(match: (e: EventJson) => boolean, from = 0, limitMs = 30_000): Promise<EventJson> {
    const started = Date.now();
    for (;;) {
      const found = this.events().slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; got ${JSON.stringify(this.events().slice(from))}`);
      if (Date.now() - started > limitMs)
        throw new Error(`no matching event within ${limitMs} ms; got ${JSON.stringify(this.events().slice(from))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, limitMs);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits until a comment (a heartbeat) has arrived. */
  async waitForComment(text: string, limitMs = 30_000): Promise<void> {
    const started = Date.now();
    while (!this.comments.includes(text)) {
      if (this.ended || Date.now() - started > limitMs) throw new Error(`no "${text}" comment`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  lastId(): string | undefined {
    return this.messages.at(-1)?.id;
  }

  close(): void {
    this.req?.destroy();
    this.res?.destroy();
  }

  private notify() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private feed(chunk: string) {
    this.buffer += chunk;
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end < 0) break;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const msg: SseMessage = { data: "" };
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
        else if (line.startsWith("id:")) msg.id = line.slice(3).trim();
        else if (line.startsWith("event:")) msg.event = line.slice(6).trim();
      }
      if (data.length > 0) {
        msg.data = data.join("\n");
        this.messages.push(msg);
      }
    }
    this.notify();
  }
}
