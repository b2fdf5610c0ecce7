// A sealing thread (storage/seal-pool.ts): seals or opens a batch of Teldrive blocks with native libsodium, off the
// event loop. Buffers come and go transferred, not copied.
import { parentPort } from "node:worker_threads";
import sodium from "sodium-native";

const BLOCK = 64 * 1024;
const OVERHEAD = 16;

/** `nonce + n` as a little-endian 192-bit number. */
function nonceAt(start, n) {
  const out = Buffer.from(start);
  let carry = n;
  for (let i = 0; i < out.length && carry > 0; i++) {
    const sum = out[i] + (carry % 256);
    out[i] = sum & 0xff;
    carry = Math.floor(carry / 256) + (sum >> 8);
  }
  return out;
}

function seal(key, nonce, data) {
  const blocks = Math.ceil(data.length / BLOCK);
  const out = Buffer.allocUnsafeSlow(data.length + blocks * OVERHEAD);
  for (let b = 0, at = 0, to = 0; b < blocks; b++) {
    const plain = data.subarray(at, Math.min(at + BLOCK, data.length));
    sodium.crypto_secretbox_easy(out.subarray(to, to + plain.length + OVERHEAD), plain, nonce, key);
    sodium.sodium_increment(nonce);
    at += plain.length;
    to += plain.length + OVERHEAD;
  }
  return out;
}

function open(key, nonce, data) {
  const sealedBlock = BLOCK + OVERHEAD;
  const blocks = Math.ceil(data.length / sealedBlock);
  const out = Buffer.allocUnsafeSlow(data.length - blocks * OVERHEAD);
  for (let b = 0, at = 0, to = 0; b < blocks; b++) {
    const sealed = data.subarray(at, Math.min(at + sealedBlock, data.length));
    if (sealed.length <= OVERHEAD) throw new Error("encrypted part is truncated");
    if (!sodium.crypto_secretbox_open_easy(out.subarray(to, to + sealed.length - OVERHEAD), sealed, nonce, key))
      throw new Error("encrypted part failed authentication");
    sodium.sodium_increment(nonce);
    at += sealed.length;
    to += sealed.length - OVERHEAD;
  }
  return out;
}

parentPort?.on("message", ({ id, op, key, nonce, block, data, length }) => {
  try {
    const input = Buffer.from(data, 0, length);
    const start = nonceAt(Buffer.from(nonce), block);
    const out = (op === "seal" ? seal : open)(Buffer.from(key), start, input);
    const result = out.buffer;
    parentPort?.postMessage({ id, result, length: out.length }, [result]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
