import { Image } from 'antd';
import type { TFunction } from 'i18next';
import { bubbleSize, parseImageContent, unescapeText } from './content.ts';
import { emojiPreview, parseEmojiText } from './emoji.ts';
import styles from './chat.module.css';

/** A text message with its emoji codes shown as glyphs; the text itself is never parsed as HTML. */
export function TextContent({ text }: { text: string }) {
  const parts = parseEmojiText(unescapeText(text));
  return (
    <span className={styles.text}>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <span key={i} className={styles.emoji} role="img" aria-label={`[${part.code}]`} data-emoji={part.code}>
            {part.glyph}
          </span>
        ),
      )}
    </span>
  );
}

/**
 * The body of one chat message by its content type. `onImageError`: an image did not load (its link
 * may have expired while the chat stayed open), so the caller can ask for fresh links.
 */
export function MessageContent({
  contentType,
  content,
  t,
  onImageError,
}: {
  contentType: string;
  content: string;
  t: TFunction;
  onImageError?: () => void;
}) {
  if (contentType === 'image') {
    const image = parseImageContent(content);
    if (!image) return <span>{t('chat.imageLabel')}</span>;
    const size = bubbleSize(image);
    return (
      <Image
        src={image.src}
        width={size.width}
        height={size.height}
        alt={t('chat.image')}
        className={styles.image}
        onError={onImageError}
        data-testid="chat-image"
      />
    );
  }
  if (contentType === 'voice') return <span>{t('chat.voiceLabel')}</span>;
  if (contentType === 'video') return <span>{t('chat.videoLabel')}</span>;
  return <TextContent text={content} />;
}

/** One line for the conversation list. */
export function previewText(t: TFunction, messageType: string | null, content: string | null): string {
  if (!content) return '';
  if (messageType === 'image') return t('chat.imageLabel');
  if (messageType === 'voice') return t('chat.voiceLabel');
  if (messageType === 'video') return t('chat.videoLabel');
  return emojiPreview(unescapeText(content));
}
