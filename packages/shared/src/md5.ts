// MD5 of RFC 1321 over the UTF-8 bytes of a string. The API takes passwords as the md5 hex of what the
// user typed (the sign-in form and password changes); this small version keeps a hashing library off the sign-in page.

/** Per-round left-rotation amounts. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** K[i] = floor(2^32 * |sin(i + 1)|). */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** One 64-byte block folded into the state (a, b, c, d). */
function compress(state: Uint32Array, view: DataView, offset: number, m: Uint32Array): void {
  for (let j = 0; j < 16; j += 1) m[j] = view.getUint32(offset + j * 4, true);
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  for (let i = 0; i < 64; i += 1) {
    const round = i >>> 4;
    let f: number;
    let g: number;
    if (round === 0) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (round === 1) {
      f = (d & b) | (~d & c);
      g = (5 * i + 1) & 15;
    } else if (round === 2) {
      f = b ^ c ^ d;
      g = (3 * i + 5) & 15;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) & 15;
    }
    const sum = (a + f + K[i]! + m[g]!) >>> 0;
    const shift = SHIFTS[round * 4 + (i & 3)]!;
    a = d;
    d = c;
    c = b;
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
  }
  state[0] = (state[0]! + a) >>> 0;
  state[1] = (state[1]! + b) >>> 0;
  state[2] = (state[2]! + c) >>> 0;
  state[3] = (state[3]! + d) >>> 0;
}

export interface Md5 {
  /** Adds the next bytes of the message. */
  update(bytes: Uint8Array): Md5;
  /** The hex digest of everything added; the hasher is spent afterwards. */
  hex(): string;
}

/**
 * An MD5 fed piece by piece, so a large file is hashed slice by slice without holding it whole (the
 * chunked upload names a file by its md5).
 */
export function createMd5(): Md5 {
  const state = Uint32Array.of(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476);
  const m = new Uint32Array(16);
  const pending = new Uint8Array(64);
  let pendingLength = 0;
  let total = 0;
  const pendingView = new DataView(pending.buffer);
  const hasher: Md5 = {
    update(bytes) {
      total += bytes.length;
      let offset = 0;
      if (pendingLength > 0) {
        const take = Math.min(64 - pendingLength, bytes.length);
        pending.set(bytes.subarray(0, take), pendingLength);
        pendingLength += take;
        offset = take;
        if (pendingLength < 64) return hasher;
        compress(state, pendingView, 0, m);
        pendingLength = 0;
      }
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (; offset + 64 <= bytes.length; offset += 64) compress(state, view, offset, m);
      pending.set(bytes.subarray(offset));
      pendingLength = bytes.length - offset;
      return hasher;
    },
    hex() {
      // Padding: 0x80, zeros up to 56 mod 64, then the bit length little-endian.
      const bits = total * 8;
      const tail = new Uint8Array((((pendingLength + 8) >>> 6) << 6) + 64 - pendingLength);
      tail[0] = 0x80;
      const view = new DataView(tail.buffer);
      view.setUint32(tail.length - 8, bits >>> 0, true);
      view.setUint32(tail.length - 4, Math.floor(bits / 2 ** 32), true);
      hasher.update(tail);
      let hex = '';
      for (const word of state)
        for (let byte = 0; byte < 4; byte += 1) hex += ((word >>> (byte * 8)) & 0xff).toString(16).padStart(2, '0');
      return hex;
    },
  };
  return hasher;
}

export function md5Hex(text: string): string {
  return createMd5().update(utf8(text)).hex();
}
