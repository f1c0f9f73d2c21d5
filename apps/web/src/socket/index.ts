import type { ServerMethod } from '@atrium/shared';
import { useEffect, useRef } from 'react';
import type { FrameListener, FrameOf } from './frame-events.ts';
import { liveSocket } from './session-link.ts';

export type { FrameOf, FrameListener } from './frame-events.ts';
export type { SocketState } from './live-socket.ts';
export { liveSocket, linkLiveSocket } from './session-link.ts';

/** Calls `listener` with every server frame of `method` on the tab's socket; returns the unsubscribe. */
export function onSocketFrame<M extends ServerMethod>(method: M, listener: FrameListener<M>): () => void {
  return liveSocket.events.on(method, listener);
}

/** Sends a client frame (the token is added); false when the socket is not open. */
export function sendSocketFrame(frame: { method: string; [field: string]: unknown }): boolean {
  return liveSocket.send(frame);
}

/** `onSocketFrame` for a component's lifetime; the latest listener is called without resubscribing. */
export function useSocketFrame<M extends ServerMethod>(method: M, listener: (frame: FrameOf<M>) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveSocket.events.on(method, (frame) => latest.current(frame)), [method]);
}
