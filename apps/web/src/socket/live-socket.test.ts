import { SOCKET_GOING_AWAY } from '@atrium/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, type SocketLike } from './live-socket.ts';

/** A WebSocket stand-in the test drives: open(), frame(), drop(). */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  static last(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  frame(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }

  /** The connection is lost (server gone, network down), or closed by the server with `code`. */
  drop(code = 1006) {
    this.readyState = 3;
    if (code === 1006) this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function makeSocket() {
  return new LiveSocket({
    url: (token) => `ws://test/prod/api/message/websocket/${encodeURIComponent(token)}`,
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5, // no jitter: exact delays
  });
}

describe('live socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('S1-7-36 S1-7-37 connects at the socket path with the encoded token and sends OnConnection (mobileDevice false)', () => {
    const socket = makeSocket();
    socket.start('Bearer a/b+c');
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.last().url).toBe('ws://test/prod/api/message/websocket/Bearer%20a%2Fb%2Bc');
    expect(socket.state).toBe('connecting');
    FakeSocket.last().open();
    expect(socket.state).toBe('open');
    expect(FakeSocket.last().sent).toEqual([{ method: 'OnConnection', token: 'Bearer a/b+c', mobileDevice: false }]);
    // The same token again does not open a second socket (one per tab).
    socket.start('Bearer a/b+c');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects after 1 s, 2 s, 4 s ... capped at 30 s, and starts again at 1 s once a connection works', () => {
    const socket = makeSocket();
    socket.start('Bearer t');
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      FakeSocket.last().drop();
      expect(socket.state).toBe('waiting');
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(250);
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    FakeSocket.last().open();
    FakeSocket.last().frame({ method: 'initMessage', onlineUsers: [], unreadNums: [], userId: 'u' });
    FakeSocket.last().drop();
    vi.advanceTimersByTime(999);
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(count + 1);
  });

  it('comes back after 1 s when a draining server closes with "going away", however many drops came before', () => {
    const socket = makeSocket();
    socket.start('Bearer t');
    for (let i = 0; i < 3; i += 1) {
      FakeSocket.last().drop();
      vi.advanceTimersByTime(30_000);
    }
    FakeSocket.last().open();
    FakeSocket.last().drop(SOCKET_GOING_AWAY);
    const count = FakeSocket.all.length;
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all.length).toBe(count);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all.length).toBe(count + 1);
  });

  it('spreads the delays by the jitter', () => {
    const low = new LiveSocket({ url: () => '', random: () => 0 });
    const high = new LiveSocket({ url: () => '', random: () => 1 });
    expect(low.delayFor(0)).toBe(800);
    expect(high.delayFor(0)).toBe(1200);
    expect(high.delayFor(10)).toBe(36000);
  });

  it.each(['closeSocket', 'logout'])('S1-4-32 does not reconnect after %s', (method) => {
    const socket = makeSocket();
    const seen: string[] = [];
    socket.events.on(method as 'logout', (frame) => seen.push(frame.method));
    socket.start('Bearer t');
    const first = FakeSocket.last();
    first.open();
    first.frame({ method });
    expect(seen).toEqual([method]);
    expect(socket.state).toBe('halted');
    expect(first.closedWith).toBe(1000);
    first.drop();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    // The refused token stays refused; a new token connects.
    socket.start('Bearer t');
    expect(FakeSocket.all).toHaveLength(1);
    socket.start('Bearer other');
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('S1-4-02 stop() closes the socket and cancels a pending reconnect', () => {
    const socket = makeSocket();
    socket.start('Bearer t');
    FakeSocket.last().open();
    socket.stop();
    expect(FakeSocket.last().closedWith).toBe(1000);
    expect(socket.state).toBe('idle');

    socket.start('Bearer t');
    FakeSocket.last().drop();
    expect(socket.state).toBe('waiting');
    socket.stop();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.send({ method: 'X' })).toBe(false);
  });

  it('a new token replaces the connection of the old one', () => {
    const socket = makeSocket();
    socket.start('Bearer one');
    const first = FakeSocket.last();
    first.open();
    socket.start('Bearer two');
    expect(first.closedWith).toBe(1000);
    expect(FakeSocket.last().url).toContain('Bearer%20two');
    // Late events of the replaced socket change nothing.
    first.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('dispatches frames to the subscribers of their method; bad frames are ignored and a throwing listener does not stop the others', () => {
    const socket = makeSocket();
    const inits: unknown[] = [];
    const presence: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    socket.events.on('initMessage', () => {
      throw new Error('listener bug');
    });
    socket.events.on('initMessage', (frame) => inits.push(frame.userId));
    const off = socket.events.on('Online', (frame) => presence.push(`on:${frame.userId}`));
    socket.events.on('Offline', (frame) => presence.push(`off:${frame.userId}`));
    socket.start('Bearer t');
    const ws = FakeSocket.last();
    ws.open();
    ws.frame('{not json');
    ws.frame([1, 2]);
    ws.frame({ nomethod: true });
    ws.frame({ method: 'initMessage', onlineUsers: ['u1'], unreadNums: [], userId: 'me' });
    ws.frame({ method: 'Online', userId: 'u2' });
    off();
    ws.frame({ method: 'Online', userId: 'u3' });
    ws.frame({ method: 'Offline', userId: 'u2' });
    ws.frame({ method: 'somethingNew' });
    expect(inits).toEqual(['me']);
    expect(presence).toEqual(['on:u2', 'off:u2']);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('send() adds the token and reports whether the socket was open', () => {
    const socket = makeSocket();
    socket.start('Bearer t');
    expect(socket.send({ method: 'MessageList', toUserId: 'x' })).toBe(false);
    FakeSocket.last().open();
    expect(socket.send({ method: 'MessageList', toUserId: 'x' })).toBe(true);
    expect(FakeSocket.last().sent.at(-1)).toEqual({ method: 'MessageList', toUserId: 'x', token: 'Bearer t' });
  });

  it('reports its state changes', () => {
    const socket = makeSocket();
    const states: string[] = [];
    socket.onState((state) => states.push(state));
    socket.start('Bearer t');
    FakeSocket.last().open();
    FakeSocket.last().drop();
    vi.advanceTimersByTime(1000);
    socket.stop();
    expect(states).toEqual(['connecting', 'open', 'waiting', 'connecting', 'idle']);
  });
});
