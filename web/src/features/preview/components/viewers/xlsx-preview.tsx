import { useEffect, useState } from "react";
import { useFileContent } from "../../hooks/use-file-content";
import { ContentStatus } from "../content-status";
import type { ViewerProps } from "./viewer-props";

const readBlob = (res: Response) => res.blob();

type Cell = string | number | boolean | Date | null;

function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Every sheet of a workbook as an HTML table of text. */
export function XlsxPreview({ item, src, onDownload }: ViewerProps) {
  const state = useFileContent(src, item.size, readBlob);
  const [sheets, setSheets] = useState<{ sheet: string; data: Cell[][] }[] | undefined>();
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const blob = state.status === "ready" ? state.data : undefined;

  useEffect(() => {
    if (!blob) return;
    setSheets(undefined);
    setError(undefined);
    import("read-excel-file/browser")
      .then(({ default: readXlsxFile }) => readXlsxFile(blob))
      .then(
        (result) => setSheets(result.map((s) => ({ sheet: s.sheet, data: s.data as Cell[][] }))),
        (e: unknown) => setError(e instanceof Error ? e.message : "unreadable workbook"),
      );
  }, [blob]);

  if (state.status !== "ready") return <ContentStatus state={state} onDownload={onDownload} />;
  if (error) return <ContentStatus state={{ status: "error", message: error }} onDownload={onDownload} />;
  if (!sheets) return <ContentStatus state={{ status: "loading" }} onDownload={onDownload} />;
  const sheet = sheets[active];
  return (
    <div className="flex h-full flex-col">
      {sheets.length > 1 && (
        <div role="tablist" aria-label="Sheets" className="flex gap-1 overflow-x-auto p-2">
          {sheets.map((s, i) => (
            <button
              key={s.sheet}
              type="button"
              role="tab"
              aria-selected={i === active}
              className="rounded-full px-3 py-1 text-sm aria-selected:bg-secondary-container"
              onClick={() => setActive(i)}
            >
              {s.sheet}
            </button>
          ))}
        </div>
      )}
      <div className="min-h-0 flex-1 overflow-auto">
        <table className="border-collapse text-sm" data-testid="xlsx-preview">
          <tbody>
            {sheet?.data.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of a static sheet
              <tr key={r}>
                {row.map((cell, c) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a static row
                  <td key={c} className="border border-outline-variant px-2 py-1 whitespace-pre">
                    {cellText(cell)}
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
