/**
 * The chat's emoji set (about 120, codes 100 to 219). A text message carries an
 * emoji as its code in square brackets, `[100]`; the client shows the glyph at index code - 100.
 * Unicode glyphs stand in for the original image set, so no image assets ship with the app.
 */
export const EMOJI_FIRST_CODE = 100;
export const EMOJI_LAST_CODE = 219;

export const EMOJI_GLYPHS: readonly string[] = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😆',
  '😅',
  '😂',
  '🤣',
  '😊',
  '😇',
  '🙂',
  '🙃',
  '😉',
  '😌',
  '😍',
  '🥰',
  '😘',
  '😗',
  '😙',
  '😚',
  '😋',
  '😛',
  '😝',
  '😜',
  '🤪',
  '🤨',
  '🧐',
  '🤓',
  '😎',
  '🤩',
  '🥳',
  '😏',
  '😒',
  '😞',
  '😔',
  '😟',
  '😕',
  '🙁',
  '😣',
  '😖',
  '😫',
  '😩',
  '🥺',
  '😢',
  '😭',
  '😤',
  '😠',
  '😡',
  '🤬',
  '🤯',
  '😳',
  '🥵',
  '🥶',
  '😱',
  '😨',
  '😰',
  '😥',
  '😓',
  '🤗',
  '🤔',
  '🤭',
  '🤫',
  '🤥',
  '😶',
  '😐',
  '😑',
  '😬',
  '🙄',
  '😯',
  '😦',
  '😧',
  '😮',
  '😲',
  '🥱',
  '😴',
  '🤤',
  '😪',
  '😵',
  '🤐',
  '🥴',
  '🤢',
  '🤮',
  '🤧',
  '😷',
  '🤒',
  '🤕',
  '🤑',
  '🤠',
  '😈',
  '👿',
  '👻',
  '💀',
  '🤖',
  '🎃',
  '😺',
  '👍',
  '👎',
  '👌',
  '✌️',
  '🤞',
  '👏',
  '🙌',
  '🙏',
  '💪',
  '👋',
  '🤝',
  '❤️',
  '💔',
  '🔥',
  '⭐',
  '🌹',
  '🎉',
  '🎁',
  '☕',
  '🍺',
  '🍉',
  '🌙',
  '☀️',
  '🌈',
  '💯',
];

export interface Emoji {
  code: number;
  glyph: string;
  /** What the input gets: `[code]`. */
  token: string;
}

export const EMOJIS: readonly Emoji[] = EMOJI_GLYPHS.map((glyph, i) => {
  const code = EMOJI_FIRST_CODE + i;
  return { code, glyph, token: `[${code}]` };
});

/** The glyph of a code, or undefined outside 100-219. */
export function emojiGlyph(code: number): string | undefined {
  if (!Number.isInteger(code) || code < EMOJI_FIRST_CODE || code > EMOJI_LAST_CODE) return undefined;
  return EMOJI_GLYPHS[code - EMOJI_FIRST_CODE];
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'emoji'; code: number; glyph: string };

const EMOJI_TOKEN = /\[(\d{3})\]/g;

/**
 * Splits a text message into text and emoji parts. Only `[100]`...`[219]` are emoji; any other
 * bracketed text stays as typed.
 */
export function parseEmojiText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI_TOKEN)) {
    const code = Number(match[1]);
    const glyph = emojiGlyph(code);
    if (!glyph) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'emoji', code, glyph });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A message text for one-line previews (conversation list): emoji codes shown as glyphs. */
export function emojiPreview(text: string): string {
  return parseEmojiText(text)
    .map((p) => (p.kind === 'text' ? p.text : p.glyph))
    .join('');
}
