import type { SinkChoice } from "./zip-sink";

interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}
interface SaveFileHandle {
  createWritable(): Promise<WritableStream<Uint8Array>>;
}
type ShowSaveFilePicker = (options: SaveFilePickerOptions) => Promise<SaveFileHandle>;

/**
 * The File System Access API (Chromium only): the user picks where the archive goes and the bytes are written
 * there as they come; Chromium writes to a temporary file and gives it the name only when the stream closes, so a
 * cancelled zip leaves nothing. Asked for at once, while the click that started the download still counts.
 */
export async function filePickerChoice(name: string): Promise<SinkChoice | undefined> {
  const picker = (window as unknown as { showSaveFilePicker?: ShowSaveFilePicker }).showSaveFilePicker;
  if (!picker) return undefined;
  let handle: SaveFileHandle;
  try {
    handle = await picker({
      suggestedName: name,
      types: [{ description: "Zip archive", accept: { "application/zip": [".zip"] } }],
    });
  } catch (error) {
    // The user closed the picker: that is a cancel, not a reason to try another way.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return undefined;
  }
  return {
    kind: "file-picker",
    maxBytes: Number.POSITIVE_INFINITY,
    open: async () => ({ writable: await handle.createWritable() }),
  };
}
