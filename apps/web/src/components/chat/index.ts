export { ChatEntry } from './chat-entry.tsx';
export { EMOJIS, parseEmojiText, emojiGlyph } from './emoji.ts';
