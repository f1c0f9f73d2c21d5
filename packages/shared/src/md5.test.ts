import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMd5, md5Hex } from './md5.ts';

const nodeMd5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5Hex', () => {
  it('gives the RFC 1321 test-suite digests', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex('abc')).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe(
      '57edf4a22be3c955ac49da2e2107b67a',
    );
  });

  it('hashes the UTF-8 bytes, across block boundaries, like Node does', () => {
    const samples = [
      'admin123',
      '密码Ab1!',
      '🔐'.repeat(20),
      'x'.repeat(55),
      'x'.repeat(56),
      'y'.repeat(64),
      'z'.repeat(1000),
    ];
    for (const text of samples) expect(md5Hex(text), text.slice(0, 10)).toBe(nodeMd5(text));
  });
});

describe('createMd5', () => {
  it('S2-9-06 hashes bytes fed in slices of any size like one pass over the whole', () => {
    const bytes = new Uint8Array(200_003).map((_, i) => (i * 7919) % 251);
    const whole = createHash('md5').update(bytes).digest('hex');
    for (const slice of [1, 63, 64, 65, 10_240, 100_000]) {
      const hasher = createMd5();
      for (let at = 0; at < bytes.length; at += slice) hasher.update(bytes.subarray(at, at + slice));
      expect(hasher.hex(), `slices of ${slice}`).toBe(whole);
    }
    expect(createMd5().hex()).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});
