/**
 * The few parts of the tar format a backup archive needs, written here rather than pulled in as a
 * dependency: regular files only, POSIX ustar headers, and a PAX extended header for the rare path
 * longer than ustar's fields or the entry of 8 GiB and more. GNU and BSD tar read what this writes
 * (`tar tzf backup.tar.gz` lists an archive); the reader accepts what this writer writes and refuses
 * anything else (links, devices), since a backup holds nothing else.
 */

export const BLOCK = 512;
/** ustar's size field holds 11 octal digits: anything larger goes into a PAX record. */
const USTAR_MAX_SIZE = 8 ** 11 - 1;

export class TarError extends Error {}

function writeString(header: Buffer, text: string, offset: number, length: number): void {
  header.write(text, offset, length, 'utf8');
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  // Digits, then a NUL terminator, the way every tar writes numeric fields.
  header.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'latin1');
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  // The checksum field itself counts as eight spaces.
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum;
}

function ustarHeader(name: string, size: number, mtime: number, type: '0' | 'x'): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeString(header, name, 0, 100);
  writeOctal(header, type === 'x' ? 0o644 : 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime / 1000), 136, 12);
  header.write(type, 156, 1, 'latin1');
  header.write('ustar\0', 257, 6, 'latin1');
  header.write('00', 263, 2, 'latin1');
  const sum = checksumOf(header);
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'latin1');
  return header;
}

/** A PAX record is `<length> <key>=<value>\n`, the length counting its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

/** Zeros that round an entry of `size` bytes up to a whole block. */
export function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/**
 * The header blocks of one regular file: a plain ustar header, preceded by a PAX header when the
 * path does not fit 100 bytes (paths are not split into ustar's prefix field, which keeps the reader
 * simple) or the size does not fit 11 octal digits.
 */
export function fileHeader(name: string, size: number, mtime: number): Buffer {
  const records: string[] = [];
  if (Buffer.byteLength(name) > 100 || /[^\x20-\x7e]/.test(name)) records.push(paxRecord('path', name));
  if (size > USTAR_MAX_SIZE) records.push(paxRecord('size', String(size)));
  const plain = ustarHeader(
    records.length && Buffer.byteLength(name) > 100 ? name.slice(0, 100) : name,
    size > USTAR_MAX_SIZE ? 0 : size,
    mtime,
    '0',
  );
  if (!records.length) return plain;
  const pax = Buffer.from(records.join(''));
  return Buffer.concat([ustarHeader('PaxHeader', pax.length, mtime, 'x'), pax, padding(pax.length), plain]);
}

/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export interface TarEntry {
  path: string;
  size: number;
}

/** Where the reader hands an entry's bytes; `end` runs once all of them were written. */
export interface EntrySink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const nul = field.indexOf(0);
  return field.subarray(0, nul === -1 ? length : nul).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number, entry: number): number {
  const text = block
    .subarray(offset, offset + length)
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError(`tar entry ${entry}: its header holds a malformed number`);
  return text ? parseInt(text, 8) : 0;
}

function parsePax(data: Buffer, entry: number): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString('latin1'));
    if (space === -1 || !Number.isInteger(length) || length <= 0 || at + length > data.length)
      throw new TarError(`tar entry ${entry}: malformed extended (PAX) header`);
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    records[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return records;
}

/**
 * Reads an uncompressed tar stream entry by entry. `onEntry` answers where the bytes of a regular
 * file go (or null to skip them); every header's checksum is verified, so a damaged header is
 * refused rather than misread. Resolves when the two closing zero blocks are reached.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry) => Promise<EntrySink | null>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let entries = 0;
  let pax: Record<string, string> | null = null;
  // What the loop is waiting for: a header, the body of the current entry, or its padding.
  let state:
    { kind: 'header' } | { kind: 'body'; left: number; pad: number; sink: EntrySink | null; paxData?: Buffer[] } = {
    kind: 'header',
  };
  let ended = false;

  const take = async (): Promise<boolean> => {
    if (state.kind === 'header') {
      if (pending.length < BLOCK) return false;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        return false;
      }
      entries++;
      const stored = readOctal(block, 148, 8, entries);
      if (stored !== checksumOf(block))
        throw new TarError(`tar entry ${entries}: its header checksum does not match (the archive is damaged)`);
      const type = String.fromCharCode(block[156]!);
      let size = readOctal(block, 124, 12, entries);
      const pad = padding(size).length;
      if (type === 'x') {
        state = { kind: 'body', left: size, pad, sink: null, paxData: [] };
        return true;
      }
      let name = readString(block, 0, 100);
      if (pax?.path) name = pax.path;
      if (pax?.size) size = Number(pax.size);
      pax = null;
      if (type === '5') {
        state = { kind: 'body', left: 0, pad: 0, sink: null };
        return true;
      }
      if (type !== '0' && type !== '\0')
        throw new TarError(`tar entry ${entries} (${name}) is not a regular file: a backup holds files only`);
      const sink = await onEntry({ path: name, size });
      state = { kind: 'body', left: size, pad: padding(size).length, sink };
      if (size === 0) await finishBody();
      return true;
    }
    if (state.left > 0) {
      if (pending.length === 0) return false;
      const part = pending.subarray(0, Math.min(state.left, pending.length));
      pending = pending.subarray(part.length);
      state.left -= part.length;
      if (state.paxData) state.paxData.push(Buffer.from(part));
      else if (state.sink) await state.sink.write(part);
      if (state.left === 0) await finishBody();
      return true;
    }
    if (pending.length < state.pad) return false;
    pending = pending.subarray(state.pad);
    state = { kind: 'header' };
    return true;
  };

  async function finishBody(): Promise<void> {
    if (state.kind !== 'body') return;
    if (state.paxData) pax = parsePax(Buffer.concat(state.paxData), entries);
    else if (state.sink) await state.sink.end();
    state.sink = null;
    state.paxData = undefined;
  }

  for await (const chunk of source) {
    // After the closing blocks the source is still read to its end, so that the gzip layer below
    // gets to check its trailer (the CRC-32 of everything) before the archive counts as whole.
    if (ended) continue;
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended && (await take()));
  }
  if (!ended) throw new TarError('the archive ends early: it is incomplete (was the backup interrupted or cut short?)');
}
