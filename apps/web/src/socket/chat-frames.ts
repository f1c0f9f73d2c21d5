import type { ChatMessage } from '@atrium/shared';

/**
 * A chat message as the chat shows it: the stored ones (messageList) carry every field, the ones
 * built from a receiveMessage or sendMessage frame only what the frame tells.
 */
export type ChatRecord = Pick<ChatMessage, 'sendUserId' | 'sendTime' | 'content'> &
  Partial<Omit<ChatMessage, 'sendUserId' | 'sendTime' | 'content' | 'contentType'>> & {
    /** text, image, voice, video */
    contentType: string;
  };
