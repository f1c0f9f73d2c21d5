import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings a kept answer is offered in, besides its plain bytes. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding an Accept-Encoding header prefers among brotli and gzip, or none. A coding with
 * `q=0` is refused; between two accepted ones brotli wins, since it is smaller for JSON.
 */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

// Encoded copies hang on the plain bytes they were made from, so they live exactly as long as the
// kept answer and are made at most once per coding, however many requests share it.
const encodedCopies = new WeakMap<Buffer, Map<ContentCoding, Buffer>>();

/** The bytes in the given coding, compressed on first use and reused while `plain` is kept. */
export function encodedOnce(plain: Buffer, coding: ContentCoding): Buffer {
  let copies = encodedCopies.get(plain);
  if (!copies) encodedCopies.set(plain, (copies = new Map()));
  let copy = copies.get(coding);
  if (!copy) {
    // Quality 5 keeps brotli's cost near gzip's while still beating it on JSON.
    copy =
      coding === 'br'
        ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(plain, { level: 6 });
    copies.set(coding, copy);
  }
  return copy;
}
