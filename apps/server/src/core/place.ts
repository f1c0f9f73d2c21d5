import net from 'node:net';

export type PlaceKey = 'local' | 'lan' | 'unknown';

/** Atrium ships no geolocation data: it can tell this machine and private networks apart, no more. */
export function placeOf(ip: string): PlaceKey {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (v4 === '::1' || v4.startsWith('127.')) return 'local';
  if (net.isIPv4(v4)) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'lan';
  } else if (/^f[cd]/i.test(v4) || /^fe80/i.test(v4)) {
    return 'lan';
  }
  return 'unknown';
}
