import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastTime = -1;
let lastRandom: number[] = [];

/**
 * A 26-character ULID: 48 bits of milliseconds then 80 random bits, Crockford base32. Ids sort by
 * creation time, which keeps B-tree inserts at the right edge; within one millisecond the random
 * part counts up so ids made by one process stay ordered.
 */
export function newId(now: number = Date.now()): string {
  let random: number[];
  if (now === lastTime) {
    random = lastRandom.slice();
    let i = random.length - 1;
    while (i >= 0 && random[i] === 31) random[i--] = 0;
    if (i >= 0) random[i]! += 1;
  } else {
    const bytes = randomBytes(16);
    random = Array.from({ length: 16 }, (_, k) => bytes[k]! & 31);
  }
  lastTime = now;
  lastRandom = random;
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time + random.map((d) => ALPHABET[d]).join('');
}

const bootId = newId().slice(-8);
let requestCounter = 0;

/** Request ids only need to be unique in this process's logs: a boot prefix and a counter are enough. */
export function newRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${bootId}-${requestCounter.toString(36)}`;
}
