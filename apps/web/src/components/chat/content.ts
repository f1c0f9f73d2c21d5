import { fileLinkHref } from '../../api/file-link.ts';

/** Content types of a chat message. */
export type ChatContentType = 'text' | 'image' | 'voice' | 'video';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
  '#x2F': '/',
  '#47': '/',
  '#96': '`',
  '#x60': '`',
  '#x3D': '=',
  '#61': '=',
};

/**
 * The server stores chat text HTML-escaped; the client shows it as plain React text, so the escapes
 * are turned back into the characters the sender typed (never parsed as HTML).
 */
export function unescapeText(text: string): string {
  return text.replace(/&(#x?[0-9a-fA-F]+|[a-z]+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
}

export interface ChatImage {
  src: string;
  width?: number;
  height?: number;
}

/**
 * An image message's content: JSON text with the path (or url) and the size the sender measured.
 * The server answers the path as a link for the reader, with a short-lived ticket: it is used as
 * given (under the API base), never rebuilt. Anything unreadable is no image.
 */
export function parseImageContent(content: string): ChatImage | null {
  try {
    const parsed = JSON.parse(content) as { path?: unknown; url?: unknown; width?: unknown; height?: unknown };
    const raw = typeof parsed.url === 'string' ? parsed.url : typeof parsed.path === 'string' ? parsed.path : '';
    if (!raw) return null;
    const src = fileLinkHref(raw);
    return {
      src,
      width: typeof parsed.width === 'number' ? parsed.width : undefined,
      height: typeof parsed.height === 'number' ? parsed.height : undefined,
    };
  } catch {
    return null;
  }
}

/** Largest width of an image bubble; the height follows the sender's proportions. */
export const IMAGE_BUBBLE_WIDTH = 200;

export function bubbleSize(image: ChatImage): { width: number; height?: number } {
  if (!image.width || !image.height) return { width: IMAGE_BUBBLE_WIDTH };
  const width = Math.min(IMAGE_BUBBLE_WIDTH, image.width);
  return { width, height: Math.round((image.height * width) / image.width) };
}
