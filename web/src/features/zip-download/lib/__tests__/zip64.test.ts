import { execFile } from "node:child_process";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { makeZip } from "client-zip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileItem, toFileItem } from "@/drive/files/file-item";
import { batchChunks } from "../batch-chunks";
import { makeArchive } from "../make-archive";
import type { ArchivePlan, PlannedEntry } from "../plan-archive";
import { type InputEvents, type ZipInput, zipInputs } from "../zip-inputs";

const run = promisify(execFile);
const MiB = 1024 * 1024;
const quiet: InputEvents = { onBytes: () => {}, onFileDone: () => {}, onSkipped: () => {} };

const fileItem = (id: string, name: string, size: number): FileItem =>
  toFileItem({ id, name, type: "file", mimeType: "application/octet-stream", size, updatedAt: "2026-01-02T03:04:05Z" });

/** Content URLs answered like the server: `/zeros/<n>` is n zero bytes made as they are read, `/text/<s>` is s. */
const fetchFn = (async (input: RequestInfo | URL) => {
  const [, kind, arg] = String(input).split("/");
  if (kind === "text") return new Response(decodeURIComponent(arg ?? ""));
  let left = Number(arg);
  const zeros = new Uint8Array(MiB);
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left === 0) return controller.close();
        const n = Math.min(left, zeros.byteLength);
        controller.enqueue(zeros.subarray(0, n));
        left -= n;
      },
    }),
  );
}) as typeof fetch;

/**
 * Zips the plan the way "Download as zip" does (zipInputs → makeArchive → 1 MiB batches) into a file. Runs of zeros
 * are left as holes, so a 4 GiB archive takes a few MB of disk.
 */
async function zipToFile(plan: ArchivePlan, urlOf: (f: { id: string; name: string }) => string, path: string) {
  const read = { signal: new AbortController().signal, fetch: fetchFn, pause: async () => {} };
  const zip = makeArchive(zipInputs(plan, urlOf, quiet, read)).pipeThrough(batchChunks(MiB));
  const zero = Buffer.alloc(MiB);
  const file = await open(path, "w");
  let at = 0;
  const reader = zip.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const chunk = next.value;
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (!(bytes.byteLength === MiB && bytes.equals(zero))) await file.write(bytes, 0, bytes.byteLength, at);
      at += bytes.byteLength;
    }
    await file.truncate(at);
  } finally {
    await file.close();
  }
  return at;
}

async function unzipTest(path: string): Promise<string> {
  const { stdout } = await run("unzip", ["-t", path], { maxBuffer: 64 * MiB });
  return stdout;
}

describe("Download as zip past the classic zip's limits (ZIP64), checked with unzip -t", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "zip64-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes an archive of 70,000 entries that unzip reads whole", { timeout: 15 * 60_000 }, async () => {
    const entries: PlannedEntry[] = [];
    for (let f = 0; f < 700; f++) {
      entries.push({ kind: "folder", path: `folder ${f}` });
      for (let i = 0; i < 99; i++) {
        entries.push({ kind: "file", path: `folder ${f}/${i}.txt`, file: fileItem(`${f}-${i}`, `${i}.txt`, 1) });
      }
    }
    const plan: ArchivePlan = { entries, fileCount: 69_300, totalBytes: 69_300 };
    const path = join(dir, "many.zip");
    await zipToFile(plan, () => "/text/x", path);

    const out = await unzipTest(path);
    expect(out).toContain("No errors detected in compressed data");
    expect(out).toContain("testing: folder 699/98.txt");
    const { stdout: info } = await run("zipinfo", ["-t", path]);
    expect(info).toMatch(/^70000 files, 69300 bytes uncompressed/);
  });

  it("writes a file over 4 GiB and files after it that unzip reads and checks", { timeout: 15 * 60_000 }, async () => {
    const bigSize = 4 * 1024 * MiB + 3 * MiB + 17;
    const plan: ArchivePlan = {
      entries: [
        { kind: "folder", path: "Videos" },
        { kind: "file", path: "Videos/a.txt", file: fileItem("text/before", "a.txt", 6) },
        { kind: "file", path: "Videos/big.bin", file: fileItem(`zeros/${bigSize}`, "big.bin", bigSize) },
        { kind: "file", path: "Videos/z.txt", file: fileItem("text/after", "z.txt", 5) },
      ],
      fileCount: 3,
      totalBytes: bigSize + 11,
    };
    const path = join(dir, "big.zip");
    const length = await zipToFile(plan, (f) => `/${f.id}`, path);
    expect(length).toBeGreaterThan(bigSize);

    const out = await unzipTest(path);
    expect(out).toContain("No errors detected in compressed data");
    expect(out).toMatch(/testing: Videos\/big.bin\s+OK/);
    expect(out).toMatch(/testing: Videos\/z.txt\s+OK/);
    const { stdout: after } = await run("unzip", ["-p", path, "Videos/z.txt"]);
    expect(after).toBe("after");
    const { stdout: list } = await run("unzip", ["-l", path]);
    expect(list).toMatch(new RegExp(`\\b${bigSize}\\b.*Videos/big.bin`));
  });

  it("leaves an archive within the classic limits byte for byte as client-zip writes it", async () => {
    const inputs = (): ZipInput[] => [
      { name: "A/", lastModified: new Date(2026, 0, 2) },
      {
        name: "A/b.txt",
        lastModified: new Date(2026, 0, 2),
        input: (async function* () {
          yield new TextEncoder().encode("bee");
        })(),
      },
    ];
    async function* each(list: ZipInput[]) {
      yield* list;
    }
    const ours = new Uint8Array(await new Response(makeArchive(each(inputs()))).arrayBuffer());
    const theirs = new Uint8Array(await new Response(makeZip(each(inputs()), { buffersAreUTF8: true })).arrayBuffer());
    expect(ours).toEqual(theirs);
  });
});
