import { makeZip } from "client-zip";
import type { ZipInput } from "./zip-inputs";
import { zip64Records } from "./zip64-records";

/**
 * The zip of the entries as a stream: client-zip writes every entry stored, with ZIP64 sizes and offsets past 4 GiB;
 * zip64Records adds the ZIP64 end records it leaves out past 65,535 entries.
 */
export function makeArchive(entries: AsyncIterable<ZipInput>): ReadableStream<Uint8Array> {
  let count = 0;
  const counted = (async function* () {
    for await (const entry of entries) {
      count += 1;
      yield entry;
    }
  })();
  return makeZip(counted, { buffersAreUTF8: true }).pipeThrough(zip64Records(() => count));
}
