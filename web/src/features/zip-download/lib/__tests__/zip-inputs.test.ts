import { makeZip } from "client-zip";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { toFileItem } from "@/drive/files/file-item";
import { fileBytes, openFile, type ReadOptions, UnreadableFile } from "../file-bytes";
import type { ArchivePlan } from "../plan-archive";
import { type InputEvents, zipInputs } from "../zip-inputs";

const noPause = async () => {};

/** A body that sends `bytes` and then, if asked, breaks off like a dropped connection. */
function body(bytes: Uint8Array, breakAfter?: number): ReadableStream<Uint8Array> {
  const end = breakAfter ?? bytes.length;
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at < end) {
        controller.enqueue(bytes.slice(at, Math.min(end, at + 3)));
        at += 3;
      } else if (breakAfter === undefined) controller.close();
      else controller.error(new TypeError("network error"));
    },
  });
}

/** Serves files by URL, with ranges, answering with the given failures first; records what was asked. */
function server(files: Record<string, Uint8Array>, failures: Record<string, (number | "break" | "drop")[]> = {}) {
  const asked: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const range = new Headers(init?.headers).get("Range");
    asked.push(range ? `${url} ${range}` : url);
    const bytes = files[url];
    const failure = failures[url]?.shift();
    if (failure === "drop") throw new TypeError("Failed to fetch");
    if (typeof failure === "number") return new Response("no", { status: failure });
    if (!bytes) return new Response("not found", { status: 404 });
    const start = range ? Number(/bytes=(\d+)-/.exec(range)?.[1]) : 0;
    const rest = bytes.slice(start);
    return new Response(body(rest, failure === "break" ? Math.floor(rest.length / 2) : undefined), {
      status: range ? 206 : 200,
      headers: range ? { "Content-Range": `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {},
    });
  }) as typeof fetch;
  return { fetchFn, asked };
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

async function collect(source: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of source) parts.push(chunk);
  return new TextDecoder().decode(Buffer.concat(parts));
}

describe("fileBytes", () => {
  const opts = (fetchFn: typeof fetch): ReadOptions => ({
    signal: new AbortController().signal,
    fetch: fetchFn,
    pause: noPause,
  });

  it("asks for the rest by range after the connection breaks mid-file", async () => {
    const { fetchFn, asked } = server({ "/f": bytesOf("0123456789abcdefghij") }, { "/f": ["break"] });
    const o = opts(fetchFn);
    const first = await openFile("/f", o);
    expect(await collect(fileBytes("/f", first, o))).toBe("0123456789abcdefghij");
    expect(asked).toEqual(["/f", "/f bytes=10-"]);
  });

  it("resumes up to three times, then gives up rather than zipping a short file", async () => {
    const thrice = server({ "/f": bytesOf("0123456789") }, { "/f": ["break", "break", "break"] });
    const o3 = opts(thrice.fetchFn);
    expect(await collect(fileBytes("/f", await openFile("/f", o3), o3))).toBe("0123456789");
    expect(thrice.asked).toHaveLength(4);

    const { fetchFn } = server({ "/f": bytesOf("0123456789") }, { "/f": ["break", "break", "break", "break"] });
    const o = opts(fetchFn);
    const first = await openFile("/f", o);
    await expect(collect(fileBytes("/f", first, o))).rejects.toThrow();
  });

  it("tries a dropped connection or a 5xx again, but not a 4xx", async () => {
    const { fetchFn, asked } = server({ "/ok": bytesOf("ok") }, { "/ok": ["drop", 503], "/gone": [] });
    const o = opts(fetchFn);
    expect(await collect(fileBytes("/ok", await openFile("/ok", o), o))).toBe("ok");
    await expect(openFile("/gone", o)).rejects.toBeInstanceOf(UnreadableFile);
    expect(asked).toEqual(["/ok", "/ok", "/ok", "/gone"]);
  });
});

describe("zipInputs", () => {
  it("zips every file byte for byte, keeps empty folders, and leaves out and reports a file it cannot read", async () => {
    const item = (id: string, name: string, size: number) =>
      toFileItem({ id, name, type: "file", mimeType: "text/plain", size, updatedAt: "2025-03-04T05:06:07Z" });
    const plan: ArchivePlan = {
      entries: [
        { kind: "folder", path: "Album" },
        { kind: "file", path: "Album/Café.txt", file: item("a", "Café.txt", 5) },
        { kind: "folder", path: "Album/empty" },
        { kind: "file", path: "Album/missing.txt", file: item("m", "missing.txt", 3) },
        { kind: "file", path: "Album/zero", file: item("z", "zero", 0) },
        { kind: "file", path: "Album/big.bin", file: item("b", "big.bin", 4000) },
      ],
      fileCount: 4,
      totalBytes: 4008,
    };
    const big = Uint8Array.from({ length: 4000 }, (_, i) => (i * 7) % 256);
    const { fetchFn } = server({ "/a": bytesOf("crème"), "/z": new Uint8Array(), "/b": big }, { "/b": ["break"] });
    const seen = { bytes: 0, files: 0, skipped: [] as string[] };
    const events: InputEvents = {
      onBytes: (n) => {
        seen.bytes += n;
      },
      onFileDone: () => {
        seen.files += 1;
      },
      onSkipped: (path, reason) => seen.skipped.push(`${path}: ${reason}`),
    };
    const read = { signal: new AbortController().signal, fetch: fetchFn, pause: noPause };
    const zip = makeZip(
      zipInputs(plan, (f) => `/${f.id}`, events, read),
      { buffersAreUTF8: true },
    );
    const archive = await JSZip.loadAsync(await new Response(zip).arrayBuffer());

    expect(Object.keys(archive.files)).toEqual([
      "Album/",
      "Album/Café.txt",
      "Album/empty/",
      "Album/zero",
      "Album/big.bin",
    ]);
    expect(await archive.file("Album/Café.txt")?.async("string")).toBe("crème");
    expect(await archive.file("Album/zero")?.async("uint8array")).toEqual(new Uint8Array());
    expect(await archive.file("Album/big.bin")?.async("uint8array")).toEqual(big);
    expect(seen).toEqual({ bytes: 4006, files: 3, skipped: ["Album/missing.txt: the server answered 404"] });
  });

  it("stops the whole zip, naming the file, when a file breaks off and cannot be resumed", async () => {
    const file = toFileItem({ id: "b", name: "b.bin", type: "file", mimeType: "", size: 30 });
    const plan: ArchivePlan = { entries: [{ kind: "file", path: "A/b.bin", file }], fileCount: 1, totalBytes: 30 };
    const { fetchFn } = server({ "/b": new Uint8Array(30) }, { "/b": ["break", "break", "break", "break"] });
    const events: InputEvents = { onBytes: () => {}, onFileDone: () => {}, onSkipped: () => {} };
    const read = { signal: new AbortController().signal, fetch: fetchFn, pause: noPause };
    const zip = makeZip(zipInputs(plan, (f) => `/${f.id}`, events, read));
    await expect(new Response(zip).arrayBuffer()).rejects.toThrow("A/b.bin broke off and could not be resumed");
  });
});
