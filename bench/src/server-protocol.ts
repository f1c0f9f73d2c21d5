/** Messages between the bench and a server process over the IPC channel. */

/** Bench to server: close and exit, or report the CPU time used so far. */
export type ParentMessage = { type: 'stop' } | { type: 'cpu' };

/** Server to bench. `micros` is user plus system CPU of the whole process, worker threads included. */
export type ServerMessage =
  { type: 'ready'; port: number } | { type: 'failed'; error: string } | { type: 'cpu'; micros: number };

/** A server the bench process can start on a free port and stop. */
export interface ServedApp {
  /** Listens on 127.0.0.1 and a free port, and answers the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}
