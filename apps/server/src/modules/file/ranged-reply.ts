import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@atrium/shared';
import type { ByteRange, FileStorage } from '../../core/storage.ts';

/**
 * What a `Range` header asks of a file of `size` bytes: one range, the whole file, or a range that
 * lies past its end. Only single ranges are served; a list of ranges, another unit or a malformed
 * header gets the whole file, which HTTP allows a server to answer to any range request.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return 'whole';
  const [, first, last] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    // "bytes=-n": the last n bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return 'whole';
  return { start, end };
}

/**
 * Sends a stored file with range support, so a large attachment resumes where a broken download
 * stopped and a video or PDF viewer reads only what it shows. The caller has checked access and
 * set the type and disposition headers; null when the file is not there.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  category: string,
  name: string,
): Promise<FastifyReply | null> {
  const stat = await storage.stat(category, name);
  if (!stat) return null;
  reply.header('accept-ranges', 'bytes');
  const range = requestedRange(request.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    // The status tells a download manager where the file ends; the body is the usual envelope.
    return reply
      .code(416)
      .type('application/json; charset=utf-8')
      .header('content-range', `bytes */${stat.size}`)
      .send({ code: ResultCode.failed, msg: request.t('rangeNotSatisfiable') });
  }
  const stream = await storage.open(category, name, range === 'whole' ? undefined : range);
  if (!stream) return null;
  if (range === 'whole') return reply.header('content-length', stat.size).send(stream);
  const end = range.end ?? stat.size - 1;
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${end}/${stat.size}`)
    .header('content-length', end - range.start + 1)
    .send(stream);
}
