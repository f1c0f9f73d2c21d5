/** Messages between the bench and a server process over the IPC channel. */

/** Bench to server: close and exit, or report the CPU time used so far. */
export type ParentMessage = { type: 'stop' } | { type: 'cpu' };

/** Server to bench. `micros` is user plus system CPU of the whole process, worker threads included. */
export type ServerMessage =
  { type: 'ready'; port: number } | { type: 'failed'; error: string } | { type: 'cpu'; micros: number };
