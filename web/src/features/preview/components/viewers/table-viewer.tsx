import type { Parser } from "papaparse";
import { useEffect, useRef, useState } from "react";
import { extensionOf } from "@/drive/files/file-item";
import { useVirtualRows } from "@/lib/hooks/use-virtual-rows";
import { blobOf } from "../../lib/object-urls";
import { ViewerMessage } from "../viewer-message";
import type { ViewerProps } from "./viewer-props";

const ROW_HEIGHT = 32;
const HEADER = 36;
/** Rows kept in memory at most; past them the table says it shows the first ones (download for the rest). */
const MAX_ROWS = 2_000_000;

type State = { rows: string[][]; done: boolean; error?: string; truncated: boolean };

/**
 * CSV and TSV as a table, parsed by Papa Parse as the file streams in (chunk by chunk, never the whole text at once),
 * rows drawn only where they are in view.
 */
export default function TableViewer({ item, src, onDownload }: ViewerProps) {
  const [state, setState] = useState<State>({ rows: [], done: false, truncated: false });
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let parser: Parser | undefined;
    let cancelled = false;
    const rows: string[][] = [];
    let flushed = 0;
    const flush = (done: boolean, extra: Partial<State> = {}) => {
      if (cancelled) return;
      flushed = rows.length;
      setState({ rows: rows.slice(), done, truncated: rows.length >= MAX_ROWS, ...extra });
    };
    import("papaparse").then(({ default: Papa }) => {
      if (cancelled) return;
      const config = {
        delimiter: extensionOf(item.name) === "tsv" ? "\t" : "",
        skipEmptyLines: true,
        chunkSize: 1024 * 1024,
        chunk: (result: { data: string[][] }, p: Parser) => {
          parser = p;
          for (const row of result.data) if (rows.length < MAX_ROWS) rows.push(row);
          if (rows.length >= MAX_ROWS) p.abort();
          // First rows at once, then at most every 50,000 rows, so a big file does not re-render per chunk.
          if (flushed === 0 || rows.length - flushed >= 50_000) flush(false);
        },
        complete: () => flush(true),
        error: (e: Error) => flush(true, { error: e.message }),
      };
      const blob = blobOf(src);
      if (blob) Papa.parse(blob as File, config);
      else Papa.parse(src, { ...config, download: true });
    });
    return () => {
      cancelled = true;
      parser?.abort();
    };
  }, [src, item.name]);

  const [header, ...body] = state.rows;
  const virtual = useVirtualRows({
    scrollRef,
    count: body.length,
    rowHeight: ROW_HEIGHT,
    header: HEADER,
    paddingStart: 0,
    scrollPaddingStart: 0,
    overscan: 10,
    initialOffset: () => 0,
    isScrollingResetDelay: 150,
  });

  if (state.error && state.rows.length === 0)
    return <ViewerMessage onDownload={onDownload}>Could not read the table: {state.error}</ViewerMessage>;
  const columns = Math.max(header?.length ?? 0, 1);
  const template = `4rem repeat(${columns}, minmax(8rem, 1fr))`;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <p className="border-b border-outline-variant px-3 py-1 text-sm text-on-surface-variant" aria-live="polite">
        {body.length.toLocaleString()} rows{state.done ? "" : " so far…"}
        {state.truncated && " (the first ones; download the file for the rest)"}
      </p>
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto text-sm" data-testid="table-preview">
        <table aria-label={item.name} aria-rowcount={body.length + 1} className="block">
          <thead className="sticky top-0 z-10 block">
            <tr
              aria-rowindex={1}
              className="grid border-b border-outline-variant bg-surface-container font-medium"
              style={{ gridTemplateColumns: template, height: HEADER }}
            >
              <th className="px-2 py-2 text-left text-on-surface-variant">#</th>
              {(header ?? []).map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <th key={i} className="truncate px-2 py-2 text-left">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="relative block" style={{ height: virtual.totalSize, overflow: "clip" }}>
            {virtual.rows.map(({ index, start }) => (
              <tr
                key={index}
                aria-rowindex={index + 2}
                className="absolute inset-x-0 grid border-b border-outline-variant/50"
                style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
              >
                <td className="px-2 py-1.5 text-on-surface-variant tabular-nums">{index + 1}</td>
                {(body[index] ?? []).map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                  <td key={i} className="truncate px-2 py-1.5">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
