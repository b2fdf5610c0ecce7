/** Signatures and sizes of the records at the end of a zip (APPNOTE 4.3.14–4.3.16), little-endian. */
const END_SIGNATURE = 0x06054b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const END_LENGTH = 22;
const ZIP64_END_LENGTH = 56;
const LOCATOR_LENGTH = 20;
/** The longest ending client-zip writes: its ZIP64 end record and locator, then the end record. */
const HELD = ZIP64_END_LENGTH + LOCATOR_LENGTH + END_LENGTH;

/**
 * Adds the ZIP64 end records client-zip (2.5) leaves out when an archive has more than 65,535 entries but no file or
 * offset past 4 GiB: it then writes only the classic end record, whose entry count stops at 65,535, and readers
 * (Info-ZIP's unzip among them) look for a central header that is not there. Holds back the last bytes of the
 * stream; everything before them passes through untouched. `entryCount` is read when the stream ends.
 */
export function zip64Records(entryCount: () => number): TransformStream<Uint8Array, Uint8Array> {
  let tail = new Uint8Array(0);
  return new TransformStream({
    transform(chunk, controller) {
      if (chunk.byteLength >= HELD) {
        if (tail.byteLength > 0) controller.enqueue(tail);
        controller.enqueue(chunk.subarray(0, chunk.byteLength - HELD));
        tail = chunk.slice(chunk.byteLength - HELD);
        return;
      }
      const joined = new Uint8Array(tail.byteLength + chunk.byteLength);
      joined.set(tail);
      joined.set(chunk, tail.byteLength);
      const out = joined.byteLength - HELD;
      if (out > 0) controller.enqueue(joined.slice(0, out));
      tail = out > 0 ? joined.slice(out) : joined;
    },
    flush(controller) {
      controller.enqueue(withZip64End(tail, entryCount()));
    },
  });
}

/** The archive's last bytes, with the ZIP64 end record and locator put before the end record when they are needed. */
export function withZip64End(tail: Uint8Array, entries: number): Uint8Array {
  const endAt = tail.byteLength - END_LENGTH;
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  if (endAt < 0 || view.getUint32(endAt, true) !== END_SIGNATURE) throw new Error("The archive has no end record.");
  if (entries < 0xffff) return tail;
  const locatorAt = endAt - LOCATOR_LENGTH;
  if (locatorAt >= 0 && view.getUint32(locatorAt, true) === ZIP64_LOCATOR_SIGNATURE) return tail;

  const directorySize = view.getUint32(endAt + 12, true);
  const directoryOffset = view.getUint32(endAt + 16, true);
  const records = new DataView(new ArrayBuffer(ZIP64_END_LENGTH + LOCATOR_LENGTH));
  records.setUint32(0, ZIP64_END_SIGNATURE, true);
  records.setBigUint64(4, BigInt(ZIP64_END_LENGTH - 12), true);
  records.setUint16(12, 0x032d, true); // made by: Unix, version 4.5 (as client-zip's own record)
  records.setUint16(14, 45, true); // needed to extract: 4.5, ZIP64
  // Disk numbers (16, 20) stay 0: one disk.
  records.setBigUint64(24, BigInt(entries), true);
  records.setBigUint64(32, BigInt(entries), true);
  records.setBigUint64(40, BigInt(directorySize), true);
  records.setBigUint64(48, BigInt(directoryOffset), true);
  records.setUint32(ZIP64_END_LENGTH, ZIP64_LOCATOR_SIGNATURE, true);
  records.setBigUint64(ZIP64_END_LENGTH + 8, BigInt(directoryOffset) + BigInt(directorySize), true);
  records.setUint32(ZIP64_END_LENGTH + 16, 1, true);

  const end = tail.slice(endAt);
  new DataView(end.buffer).setUint16(8, 0xffff, true);
  new DataView(end.buffer).setUint16(10, 0xffff, true);
  const out = new Uint8Array(tail.byteLength + records.byteLength);
  out.set(tail.subarray(0, endAt));
  out.set(new Uint8Array(records.buffer), endAt);
  out.set(end, endAt + records.byteLength);
  return out;
}
