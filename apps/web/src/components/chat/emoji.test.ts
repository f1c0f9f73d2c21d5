import { describe, expect, it } from 'vitest';
import { EMOJIS, EMOJI_GLYPHS, emojiGlyph, emojiPreview, parseEmojiText } from './emoji.ts';

describe('chat emoji', () => {
  it('S1-9-08 S2-9-29 has 120 distinct glyphs for the codes 100 to 219', () => {
    expect(EMOJI_GLYPHS).toHaveLength(120);
    expect(new Set(EMOJI_GLYPHS).size).toBe(120);
    expect(EMOJIS[0]).toEqual({ code: 100, glyph: EMOJI_GLYPHS[0], token: '[100]' });
    expect(EMOJIS.at(-1)?.code).toBe(219);
    expect(emojiGlyph(99)).toBeUndefined();
    expect(emojiGlyph(220)).toBeUndefined();
    expect(emojiGlyph(150)).toBe(EMOJI_GLYPHS[50]);
  });

  it('S1-5-22 replaces bracketed codes 100-219 in a text and leaves everything else as typed', () => {
    expect(parseEmojiText('hi [100] there[219]!')).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'emoji', code: 100, glyph: EMOJI_GLYPHS[0] },
      { kind: 'text', text: ' there' },
      { kind: 'emoji', code: 219, glyph: EMOJI_GLYPHS[119] },
      { kind: 'text', text: '!' },
    ]);
    expect(parseEmojiText('[099][220][abc][1000] [12]')).toEqual([
      { kind: 'text', text: '[099][220][abc][1000] [12]' },
    ]);
    expect(parseEmojiText('[101][101]')).toHaveLength(2);
    expect(parseEmojiText('')).toEqual([]);
    expect(emojiPreview('ok [105]')).toBe(`ok ${EMOJI_GLYPHS[5]}`);
  });
});
