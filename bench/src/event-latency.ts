// Live events: how long a change takes from the write (a folder made through the API) to a subscriber's event
// stream (GET /api/events/stream), with 1 and 50 subscribers of the same user connected, on the real server
// (PGlite, loopback). `npx tsx src/event-latency.ts` runs it alone.
import http from "node:http";
import { type DriveServer, startDriveServer } from "../../e2e/lib/server.js";
import { signIn } from "./throughput.js";

/** Writes per round; each is sent once the previous one's event reached every subscriber. */
const WRITES = Number(process.env.BENCH_EVENT_WRITES ?? 200);

interface Subscriber {
  /** When each folder's `files.created` arrived (performance.now()). */
  arrived: Map<string, number>;
  waiters: Map<string, () => void>;
  close(): void;
}

function subscribe(base: string, cookie: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const sub: Subscriber = { arrived: new Map(), waiters: new Map(), close: () => {} };
    const req = http.get(`${base}/api/events/stream?types=files.created`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`event stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /"name":"(bench-\d+)"/.exec(block)?.[1];
          if (name) {
            sub.arrived.set(name, now);
            sub.waiters.get(name)?.();
          }
          end = buffer.indexOf("\n\n");
        }
      });
      sub.close = () => req.destroy();
      resolve(sub);
    });
    req.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function round(server: DriveServer, cookie: string, clients: number, offset: number) {
  const subs = await Promise.all(Array.from({ length: clients }, () => subscribe(server.baseURL, cookie)));
  // Each stream is open once its first bytes came; a warm-up write makes sure every one is subscribed.
  const latencies: number[] = [];
  try {
    for (let i = -1; i < WRITES; i++) {
      const name = `bench-${offset + i + 1}`;
      const all = Promise.all(
        subs.map(
          (s) =>
            new Promise<void>((done) => {
              if (s.arrived.has(name)) done();
              else s.waiters.set(name, done);
            }),
        ),
      );
      const sent = performance.now();
      const res = await fetch(`${server.baseURL}/api/files/mkdir`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ path: `/${name}` }),
      });
      if (res.status !== 204) throw new Error(`mkdir answered ${res.status}`);
      await all;
      if (i >= 0) for (const s of subs) latencies.push((s.arrived.get(name) ?? Number.NaN) - sent);
    }
  } finally {
    for (const s of subs) s.close();
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), samples: latencies.length };
}

export async function runEventLatencyBench(): Promise<Record<string, string>> {
  const server = await startDriveServer();
  try {
    const { cookie } = await signIn(server);
    const out: Record<string, string> = {};
    let offset = 0;
    for (const clients of [1, 50]) {
      const r = await round(server, cookie, clients, offset);
      offset += WRITES + 1;
      out[`write to event, ${clients} client${clients > 1 ? "s" : ""}: p50 / p99`] =
        `${r.p50.toFixed(1)} ms / ${r.p99.toFixed(1)} ms (${r.samples} deliveries)`;
    }
    out.note = "PGlite, loopback; from sending POST /files/mkdir to the event's arrival at each subscriber";
    return out;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runEventLatencyBench());
