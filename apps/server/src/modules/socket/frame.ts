import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { MessageKey, MessageParams } from '../../core/messages.ts';
import type { PushFrame } from '../../core/push.ts';
import type { Services } from '../../core/types.ts';

/** A client frame as received: a JSON object whose `method` names the handler and whose `token` was checked. */
export interface ReceivedFrame {
  method: string;
  token: string;
  [field: string]: unknown;
}

/** The connection as a handler sees it. */
export interface SocketPeer {
  readonly userId: string;
  readonly sessionId: string;
  /** Set by OnConnection. */
  mobileDevice: boolean;
  /** Sends a frame to this socket only (answers such as initMessage, messageList). */
  send(frame: PushFrame): void;
  /** A server message in the connection's language. */
  t(key: MessageKey, params?: MessageParams): string;
}

export interface SocketContext {
  services: Services;
  peer: SocketPeer;
  log: FastifyBaseLogger;
}

/** Handles one client method. Throwing is logged and leaves the connection open. */
export type FrameHandler = (frame: ReceivedFrame, context: SocketContext) => Promise<void> | void;

/**
 * Reads a frame's fields with a zod schema; a frame that does not fit is dropped with a debug line
 * (a client sending it is buggy or hostile; answering would only help the latter).
 */
export function readFrame<T extends z.ZodType>(
  schema: T,
  frame: ReceivedFrame,
  context: SocketContext,
): z.infer<T> | undefined {
  const result = schema.safeParse(frame);
  if (result.success) return result.data;
  context.log.debug({ method: frame.method, issues: result.error.issues }, 'socket frame ignored: bad fields');
  return undefined;
}
