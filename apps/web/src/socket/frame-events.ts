import type { ServerFrame, ServerMethod } from '@atrium/shared';

/** The server frame of one method, typed from the wire types of @atrium/shared. */
export type FrameOf<M extends ServerMethod> = Extract<ServerFrame, { method: M }>;
export type FrameListener<M extends ServerMethod> = (frame: FrameOf<M>) => void;

type AnyListener = (frame: { method: string }) => void;

/**
 * Who wants which server frame: the session link (logout, refresh), the message bell (initMessage,
 * messagePush), chat (receiveMessage, ...). One throwing listener does not keep a frame from the rest.
 */
export class FrameEvents {
  private readonly listeners = new Map<string, Set<AnyListener>>();

  /** Calls `listener` with every frame of `method`; returns the function that stops it. */
  on<M extends ServerMethod>(method: M, listener: FrameListener<M>): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    const entry = listener as AnyListener;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  emit(frame: { method: string }): void {
    const set = this.listeners.get(frame.method);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(frame);
      } catch (error) {
        console.error(`socket listener for ${frame.method} failed`, error);
      }
    }
  }
}
