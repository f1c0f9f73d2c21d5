import { randomInt } from 'node:crypto';
import type { Db } from '../../db/index.ts';

// Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/l).
const CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CAPTCHA_TTL_MS = 300_000;

function pick(n: number) {
  return Array.from({ length: n }, () => CHARS[randomInt(CHARS.length)]).join('');
}

/** Draws the code as an SVG: each glyph rotated and shifted, over noise lines, so it is not plain text. */
export function drawCaptcha(code: string): string {
  const width = 30 + code.length * 22;
  const height = 40;
  const glyphs = [...code]
    .map((ch, i) => {
      const x = 18 + i * 22 + randomInt(-3, 4);
      const y = 28 + randomInt(-4, 5);
      const angle = randomInt(-25, 26);
      const hue = randomInt(0, 360);
      return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" fill="hsl(${hue},60%,35%)" font-size="24" font-family="monospace" font-weight="bold">${ch}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 4 }, () => {
    const hue = randomInt(0, 360);
    return `<path d="M${randomInt(0, 20)} ${randomInt(5, 35)} Q${randomInt(20, width - 20)} ${randomInt(0, 40)} ${width - randomInt(0, 20)} ${randomInt(5, 35)}" stroke="hsl(${hue},50%,55%)" fill="none" stroke-width="1.5"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6fa"/>${lines}${glyphs}</svg>`;
}

export async function issueCaptcha(db: Db, key: string, length: number, now: number): Promise<string> {
  const code = pick(length);
  await db.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await db
    .insertInto('captcha')
    .values({ key, code, expires_at: now + CAPTCHA_TTL_MS })
    .onConflict((oc) => oc.column('key').doUpdateSet({ code, expires_at: now + CAPTCHA_TTL_MS }))
    .execute();
  return code;
}

/** A code can be used once: it is deleted whether it matched or not, so it cannot be guessed at. */
export async function consumeCaptcha(db: Db, key: string, answer: string, now: number): Promise<boolean> {
  const row = await db
    .deleteFrom('captcha')
    .where('key', '=', key)
    .returning(['code', 'expires_at'])
    .executeTakeFirst();
  return !!row && row.expires_at > now && row.code.toUpperCase() === answer.trim().toUpperCase();
}
