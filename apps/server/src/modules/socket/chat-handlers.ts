import type { MessageListFrame } from '@atrium/shared';
import { z } from 'zod';
import { chatHistory, markChatRead, sendChat, type OutgoingContent } from '../message/chat-service.ts';
import { pushCounts } from '../message/pushes.ts';
import { fileLinks } from '../file/links.ts';
import { readFrame, type FrameHandler } from './frame.ts';

const userId = z.string().trim().min(1).max(64);
const imageContent = z.object({
  name: z.string().max(200),
  width: z.number().int().min(0).max(100_000),
  height: z.number().int().min(0).max(100_000),
});
/** Some clients send the image object as JSON text; both forms mean the same. */
const imageField = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, imageContent);

const sendMessageFrame = z.discriminatedUnion('messageType', [
  z.object({ toUserId: userId, messageType: z.literal('text'), messageContent: z.string().max(20_000) }),
  z.object({ toUserId: userId, messageType: z.literal('image'), messageContent: imageField }),
]);

/**
 * SendMessage: stores the message, then echoes `sendMessage` to every socket of the sender (all
 * tabs, any instance) and sends `receiveMessage` to every socket of the recipient; an image's path
 * carries a link for each side. Empty text, an
 * image that was not uploaded, or an unknown recipient stores and sends nothing.
 */
export const sendMessage: FrameHandler = async (frame, context) => {
  const fields = readFrame(sendMessageFrame, frame, context);
  if (!fields) return;
  const { services, peer } = context;
  const content: OutgoingContent =
    fields.messageType === 'text'
      ? { messageType: 'text', text: fields.messageContent }
      : { messageType: 'image', image: fields.messageContent };
  const sent = await sendChat(services, peer.userId, fields.toUserId, content);
  if (!sent) {
    context.log.debug('chat message not stored: empty, unknown image or recipient');
    return;
  }
  await Promise.all([
    services.push.toUsers([peer.userId], { ...sent.echo }),
    services.push.toUsers([fields.toUserId], { ...sent.received }),
  ]);
};

const messageListFrame = z.object({
  toUserId: userId,
  formUserId: userId.optional(),
  currentPage: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(30),
  sord: z.enum(['asc', 'desc']).optional().default('desc'),
  keyword: z.string().trim().max(100).optional().default(''),
});

/** MessageList: one page of the conversation with `toUserId`, answered to this socket only. */
export const messageList: FrameHandler = async (frame, context) => {
  const fields = readFrame(messageListFrame, frame, context);
  if (!fields) return;
  const { services, peer } = context;
  // The caller is the session's user whatever formUserId says; the other party is toUserId.
  const other = fields.toUserId === peer.userId && fields.formUserId ? fields.formUserId : fields.toUserId;
  // Images come with fresh links for the caller (docs/files.md).
  const page = await chatHistory(
    services.db,
    services.dialect,
    peer.userId,
    other,
    fields,
    fileLinks(services, peer.userId),
  );
  const answer: MessageListFrame = { method: 'messageList', ...page };
  peer.send({ ...answer });
};

const updateReadFrame = z.object({ formUserId: userId });

/**
 * UpdateReadMessage: what `formUserId` sent to the caller becomes read; a fresh initMessage then
 * goes to every socket of the caller, so their other tabs drop the same unread count.
 */
export const updateReadMessage: FrameHandler = async (frame, context) => {
  const fields = readFrame(updateReadFrame, frame, context);
  if (!fields) return;
  const { services, peer } = context;
  if (await markChatRead(services.db, peer.userId, fields.formUserId, services.now())) {
    await pushCounts(services, peer.userId);
  }
};
