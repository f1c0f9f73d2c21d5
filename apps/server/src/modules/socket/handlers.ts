import { z } from 'zod';
import { initMessageFor } from '../message/pushes.ts';
import { messageList, sendMessage, updateReadMessage } from './chat-handlers.ts';
import { readFrame, type FrameHandler } from './frame.ts';

const onConnectionFrame = z.object({ mobileDevice: z.boolean().optional() });

/**
 * OnConnection: remembers the device kind and answers initMessage with presence, unread counts and
 * unread chat per sender. A client back from a reconnect gets exact counts here, then refetches
 * its lists (messages stored while it was away are all in MessageList and GET /api/message).
 */
export const onConnection: FrameHandler = async (frame, context) => {
  const fields = readFrame(onConnectionFrame, frame, context);
  if (!fields) return;
  const { services, peer } = context;
  peer.mobileDevice = fields.mobileDevice ?? false;
  peer.send({ ...(await initMessageFor(services, peer.userId)) });
};

/** The client methods the socket understands, by `method`; an unknown method is ignored. */
export const socketHandlers: Readonly<Record<string, FrameHandler>> = {
  OnConnection: onConnection,
  SendMessage: sendMessage,
  MessageList: messageList,
  UpdateReadMessage: updateReadMessage,
};
