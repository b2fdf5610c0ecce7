// A sealing thread (storage/seal-pool.ts): seals or opens a batch of Teldrive blocks with native libsodium, and
// keeps the BLAKE3 block hashes of parts being uploaded, off the event loop. Buffers come transferred, not copied.
import { parentPort } from "node:worker_threads";
import blakeHash from "@napi-rs/blake-hash";
import sodium from "sodium-native";

const HASH_BLOCK = 16 * 1024 * 1024;
/** Hashes in progress, by stream id: the hasher, bytes in its current block, the digests of the blocks done. */
const hashes = new Map();

function hash(stream, data) {
  let state = hashes.get(stream);
  if (!state) {
    state = { hasher: new blakeHash.Blake3Hasher(), filled: 0, digests: [] };
    hashes.set(stream, state);
  }
  for (let at = 0; at < data.length; ) {
    const n = Math.min(HASH_BLOCK - state.filled, data.length - at);
    state.hasher.update(data.subarray(at, at + n));
    state.filled += n;
    at += n;
    if (state.filled === HASH_BLOCK) {
      state.digests.push(state.hasher.digestBuffer());
      state.hasher.reset();
      state.filled = 0;
    }
  }
}

/** The concatenated block digests of a finished stream (a last, shorter block included). */
function hashEnd(stream) {
  const state = hashes.get(stream);
  hashes.delete(stream);
  if (!state) return Buffer.alloc(0);
  if (state.filled > 0) state.digests.push(state.hasher.digestBuffer());
  return Buffer.concat(state.digests);
}

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

parentPort?.on("message", ({ id, op, key, nonce, block, data, length, stream }) => {
  try {
    if (op === "hash" || op === "hash-end" || op === "hash-drop") {
      if (op === "hash") hash(stream, Buffer.from(data, 0, length));
      const out = op === "hash-end" ? hashEnd(stream) : Buffer.alloc(0);
      if (op === "hash-drop") hashes.delete(stream);
      const result = new Uint8Array(out).buffer;
      parentPort?.postMessage({ id, result, length: out.length }, [result]);
      return;
    }
    const input = Buffer.from(data, 0, length);
    const start = nonceAt(Buffer.from(nonce), block);
    const out = (op === "seal" ? seal : open)(Buffer.from(key), start, input);
    const result = out.buffer;
    parentPort?.postMessage({ id, result, length: out.length }, [result]);
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
