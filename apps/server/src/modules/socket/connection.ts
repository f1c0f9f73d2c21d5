import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import { AppError } from '../../core/errors.ts';
import { pickLanguage, translate, type Language, type MessageKey, type MessageParams } from '../../core/messages.ts';
import { isLocalizedFrame, localizeFrame, type PushFrame } from '../../core/push.ts';
import { resolveSession, type SessionInfo } from '../../core/session.ts';
import { readSettings } from '../../core/settings.ts';
import type { Services } from '../../core/types.ts';
import type { ReceivedFrame, FrameHandler, SocketPeer } from './frame.ts';

/** Frames waiting for the ones before them; a client this far ahead is flooding. */
const MAX_QUEUED_FRAMES = 256;
/** Unsent bytes past which a socket counts as stuck (a client that no longer reads). */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

// A pushed frame usually goes to many sockets: serialise it once.
const frameTexts = new WeakMap<PushFrame, string>();
function textOf(frame: PushFrame): string {
  let text = frameTexts.get(frame);
  if (text === undefined) frameTexts.set(frame, (text = JSON.stringify(frame)));
  return text;
}

export interface ConnectionDeps {
  services: Services;
  handlers: Readonly<Record<string, FrameHandler>>;
  log: FastifyBaseLogger;
  /** Called once when the socket is gone. */
  onGone(connection: SocketConnection): void;
}

/**
 * One open socket. The token of its URL is checked first; then each client frame, in order, has its
 * own token checked against the same session before its handler runs. A token that fails gets
 * `closeSocket` and the socket closes; so does the socket after a `logout` push.
 */
export class SocketConnection implements SocketPeer {
  mobileDevice = false;
  /** Answered the last ping (heartbeat). */
  alive = true;
  private session: SessionInfo | null = null;
  private language: Language;
  /** Frames held behind a localized one while its recipient's language is read, to keep the order. */
  private outgoing: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;
  private log: FastifyBaseLogger;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    private readonly acceptLanguage: string | undefined,
  ) {
    this.log = deps.log;
    this.language = pickLanguage(acceptLanguage);
    socket.on('message', (data, isBinary) => this.enqueue(() => this.receive(data, isBinary)));
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.gone());
    socket.on('error', (err) => this.log.debug({ err }, 'socket error'));
  }

  get userId(): string {
    return this.session!.userId;
  }

  get sessionId(): string {
    return this.session!.id;
  }

  t(key: MessageKey, params?: MessageParams): string {
    return translate(this.language, key, params);
  }

  /** Checks the URL token, then joins the user's push subscription. */
  start(token: string): void {
    this.enqueue(async () => {
      const session = await this.check(token);
      if (!session) return;
      const authority = await this.deps.services.authority.load(session.userId);
      if (!authority || authority.user.enabled !== 1) return this.refuse('user missing or disabled');
      this.session = session;
      // The web app saves its language on the user; the upgrade's Accept-Language is the browser's.
      this.language = pickLanguage(authority.user.language, this.acceptLanguage);
      this.log = this.log.child({ userId: session.userId });
      this.unsubscribe = this.deps.services.push.subscribe(session.userId, (frame) => this.send(frame), session.id);
    });
  }

  /**
   * Sends a frame to this socket. A localized frame (core/push.ts) gets its message in the user's
   * stored language as it is now, read when the frame goes out: the user may have changed it since
   * the socket opened, and whoever caused the push may speak another.
   */
  send(frame: PushFrame): void {
    if (!isLocalizedFrame(frame) && !this.outgoing) return this.deliver(frame);
    const step = async () =>
      this.deliver(isLocalizedFrame(frame) ? localizeFrame(frame, await this.recipientLanguage()) : frame);
    const next = (this.outgoing ?? Promise.resolve())
      .then(step)
      .catch((err: unknown) => this.log.warn({ err, method: frame.method }, 'push delivery failed'));
    this.outgoing = next;
    void next.finally(() => {
      if (this.outgoing === next) this.outgoing = null;
    });
  }

  /** The user's stored language, else the browser's; the one known at connection if the user is gone. */
  private async recipientLanguage(): Promise<Language> {
    if (!this.session) return this.language;
    try {
      const authority = await this.deps.services.authority.load(this.session.userId);
      if (authority) this.language = pickLanguage(authority.user.language, this.acceptLanguage);
    } catch (err) {
      this.log.debug({ err }, 'recipient language not read; the one known is used');
    }
    return this.language;
  }

  private deliver(frame: PushFrame): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn('socket not reading: closed');
      this.socket.terminate();
      return;
    }
    this.socket.send(textOf(frame));
    // The session is over: the client stops and does not reconnect.
    if (frame.method === 'logout' || frame.method === 'closeSocket') this.close();
  }

  /** Sends a ping; a socket that did not answer the previous one is dead and is dropped. */
  ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    try {
      this.socket.ping();
    } catch {
      // Closing already: the close event does the rest.
    }
  }

  close(code = 1000, reason = ''): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
    this.leave();
  }

  private enqueue(step: () => Promise<void>): void {
    if (this.closed) return;
    if (this.queued >= MAX_QUEUED_FRAMES) {
      this.log.warn('socket flooding: closed');
      this.close(1008, 'too many frames');
      return;
    }
    this.queued += 1;
    this.queue = this.queue
      .then(() => (this.closed ? undefined : step()))
      .catch((err: unknown) => this.log.error({ err }, 'socket frame failed'))
      .finally(() => {
        this.queued -= 1;
      });
  }

  /** The session of a token, or null after answering closeSocket. */
  private async check(token: unknown): Promise<SessionInfo | null> {
    const { db, now } = this.deps.services;
    try {
      const session = await resolveSession(
        db,
        typeof token === 'string' && token ? token : undefined,
        async () => (await readSettings(db)).tokenTimeout,
        now(),
      );
      if (this.session && session.id !== this.session.id) {
        this.refuse('token of another session');
        return null;
      }
      return session;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.refuse(err.messageKey);
      return null;
    }
  }

  private refuse(why: string): void {
    this.log.debug({ why }, 'socket token refused');
    this.deliver({ method: 'closeSocket' });
    this.close();
  }

  private async receive(data: RawData, isBinary: boolean): Promise<void> {
    if (!this.session) return;
    let frame: unknown;
    try {
      frame = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      frame = undefined;
    }
    if (typeof frame !== 'object' || frame === null || typeof (frame as ReceivedFrame).method !== 'string') {
      this.log.debug('socket frame ignored: not a JSON object with a method');
      return;
    }
    const received = frame as ReceivedFrame;
    if (!(await this.check(received.token))) return;
    const handler = Object.hasOwn(this.deps.handlers, received.method)
      ? this.deps.handlers[received.method]
      : undefined;
    if (!handler) {
      this.log.debug({ method: received.method }, 'socket frame ignored: unknown method');
      return;
    }
    await handler(received, { services: this.deps.services, peer: this, log: this.log });
  }

  private leave(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private gone(): void {
    this.closed = true;
    this.leave();
    this.deps.onGone(this);
  }
}
