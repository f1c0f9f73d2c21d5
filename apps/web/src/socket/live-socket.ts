import { SOCKET_GOING_AWAY } from '@atrium/shared';
import { FrameEvents } from './frame-events.ts';

/**
 * idle: not started or stopped by sign-out; connecting; open; waiting: to reconnect after a delay;
 * halted: the server said stop (closeSocket or logout), no reconnect until started with a new token.
 */
export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'halted';

/** The part of the browser's WebSocket this client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveSocketOptions {
  /** The socket URL for a token. */
  url(token: string): string;
  createSocket?: (url: string) => SocketLike;
  /** First reconnect delay (ms); doubled after each failed attempt up to maxDelay. */
  baseDelay?: number;
  maxDelay?: number;
  /** Spread of each delay, as a fraction (0.2: +-20 %), so that clients do not all return at once. */
  jitter?: number;
  random?: () => number;
}

const OPEN = 1;
/** Frames after which the client must not reconnect (packages/shared/src/socket.ts). */
const HALTING = new Set(['closeSocket', 'logout']);

/**
 * The tab's one live socket. start(token) connects and sends OnConnection; a dropped connection is
 * reopened after 1 s, 2 s, 4 s ... (capped), unless the server sent closeSocket or logout, or the
 * tab stopped it. Server frames go to `events` subscribers.
 */
export class LiveSocket {
  readonly events = new FrameEvents();
  private socket: SocketLike | null = null;
  private token: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private current: SocketState = 'idle';
  private readonly stateListeners = new Set<(state: SocketState) => void>();
  private readonly options: Required<LiveSocketOptions>;

  constructor(options: LiveSocketOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url),
      baseDelay: 1000,
      maxDelay: 30_000,
      jitter: 0.2,
      random: Math.random,
      ...options,
    };
  }

  get state(): SocketState {
    return this.current;
  }

  /**
   * Connects with this token; a no-op when already connected, reconnecting or halted with it (a
   * token the server refused stays refused: only a new one, or stop() first, connects again).
   */
  start(token: string): void {
    if (token === this.token && this.current !== 'idle') return;
    this.stop();
    this.token = token;
    this.attempts = 0;
    this.connect();
  }

  /** Closes the socket and forgets the token; nothing reconnects. */
  stop(): void {
    this.clearTimer();
    this.token = null;
    this.drop();
    this.setState('idle');
  }

  /** Sends a client frame with the token; false when the socket is not open. */
  send(frame: { method: string; [field: string]: unknown }): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || !this.token) return false;
    this.socket.send(JSON.stringify({ ...frame, token: this.token }));
    return true;
  }

  onState(listener: (state: SocketState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  /** The delay before reconnect attempt number `attempt` (0-based). */
  delayFor(attempt: number): number {
    const { baseDelay, maxDelay, jitter, random } = this.options;
    const plain = Math.min(baseDelay * 2 ** attempt, maxDelay);
    return Math.round(plain * (1 + jitter * (2 * random() - 1)));
  }

  private connect(): void {
    const token = this.token;
    if (!token) return;
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url(token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.setState('open');
      socket.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false }));
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.current === 'halted') return;
      // A draining server (a deploy, a scale-down): come back at the first step of the back-off.
      if (event.code === SOCKET_GOING_AWAY) this.attempts = 0;
      this.scheduleReconnect();
    };
    // An error is followed by close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof (frame as { method?: unknown }).method !== 'string')
      return;
    const { method } = frame as { method: string };
    // The server answered OnConnection: this connection works, so the next drop starts again at 1 s.
    if (method === 'initMessage') this.attempts = 0;
    if (HALTING.has(method)) {
      this.setState('halted');
      this.drop();
    }
    this.events.emit(frame as { method: string });
  }

  private scheduleReconnect(): void {
    this.clearTimer();
    if (!this.token) return;
    const delay = this.delayFor(this.attempts);
    this.attempts += 1;
    this.setState('waiting');
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000);
    } catch {
      // Already closing.
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: SocketState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }
}
