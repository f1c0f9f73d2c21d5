/**
 * Websocket load for the chat benchmark: opens many live sockets the way browser tabs do
 * (URL token, then OnConnection), drives chat between pairs of users at a fixed rate, and times
 * each message from SendMessage to the recipient's receiveMessage. Everything runs in the bench
 * process against a server in its child process, on loopback only, and stops by itself.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

export interface Frame {
  method: string;
  [field: string]: unknown;
}

export interface LiveSocket {
  ws: WebSocket;
  token: string;
  userId: string;
}

/** Opens one socket, sends OnConnection and resolves with the initMessage. */
export function openSocket(origin: string, token: string, onFrame?: (frame: Frame) => void): Promise<LiveSocket> {
  const url = `${origin.replace(/^http/, 'ws')}/prod/api/message/websocket/${encodeURIComponent(token)}`;
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('socket: no initMessage within 20 s'));
    }, 20_000);
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false })));
    let ready = false;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      if (frame.method === 'initMessage' && !ready) {
        ready = true;
        clearTimeout(timer);
        resolve({ ws, token, userId: String(frame.userId) });
      }
      onFrame?.(frame);
    });
  });
}

/** Opens sockets for the given tokens, `parallel` at a time (a browser fleet does not arrive in one burst). */
export async function openSockets(origin: string, tokens: readonly string[], parallel = 100): Promise<LiveSocket[]> {
  const sockets: LiveSocket[] = [];
  for (let i = 0; i < tokens.length; i += parallel) {
    sockets.push(...(await Promise.all(tokens.slice(i, i + parallel).map((token) => openSocket(origin, token)))));
  }
  return sockets;
}

export async function closeSockets(sockets: readonly LiveSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.ws.readyState === WebSocket.CLOSED) return resolve();
          s.ws.once('close', () => resolve());
          s.ws.close();
          // A server that stopped answering must not hold the run.
          setTimeout(() => {
            s.ws.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
}

/** Pid of the Atrium server under test: the bench's own child running server-process.ts (Linux /proc). */
function serverPid(): string | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server-process'))
        return entry;
    } catch {
      // The process ended while being read.
    }
  }
  return null;
}

/** Resident memory (bytes) of the server process; null where /proc is missing. */
export function serverRssBytes(): number | null {
  const pid = serverPid();
  if (!pid) return null;
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return rss ? Number(rss[1]) * 1024 : null;
}

/** CPU time (ms, user + system) the server process has used so far; null where /proc is missing. */
export function serverCpuMs(): number | null {
  const pid = serverPid();
  if (!pid) return null;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100/s on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface ChatLoadResult {
  sent: number;
  delivered: number;
  /** Delivery latencies (ms) of the measured period, ascending. */
  latencies: Float64Array;
  /** Messages per second actually sent in the measured period. */
  rate: number;
}

/**
 * Sends chat text between the pairs at `ratePerSecond` (alternating direction, round robin over
 * pairs) for a warm-up and a measured period; answers the delivery latencies of the measured one.
 * Each message carries its sequence number, which the recipient's receiveMessage gives back.
 */
export async function driveChat(
  pairs: readonly (readonly [LiveSocket, LiveSocket])[],
  options: { ratePerSecond: number; warmupSeconds: number; durationSeconds: number },
): Promise<ChatLoadResult> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let measuring = false;
  let measuredSent = 0;
  let firstMeasured = Infinity;
  const onFrame = (data: WebSocket.RawData) => {
    const frame = JSON.parse(data.toString()) as Frame;
    if (frame.method !== 'receiveMessage') return;
    const seq = Number(String(frame.formMessage).slice(1));
    const started = sentAt.get(seq);
    if (started === undefined) return;
    sentAt.delete(seq);
    if (seq >= firstMeasured) latencies.push(performance.now() - started);
  };
  const listeners = new Set<WebSocket>();
  for (const pair of pairs)
    for (const s of pair) {
      if (listeners.has(s.ws)) continue;
      listeners.add(s.ws);
      s.ws.on('message', onFrame);
    }

  let seq = 0;
  const send = () => {
    const pair = pairs[seq % pairs.length]!;
    const [from, to] = Math.floor(seq / pairs.length) % 2 ? [pair[1], pair[0]] : pair;
    sentAt.set(seq, performance.now());
    from.ws.send(
      JSON.stringify({
        method: 'SendMessage',
        token: from.token,
        toUserId: to.userId,
        messageType: 'text',
        messageContent: `m${seq}`,
      }),
    );
    seq += 1;
    if (measuring) measuredSent += 1;
  };

  // Sends what is due at each tick, so a late timer catches up instead of lowering the rate.
  const run = (seconds: number) =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      let sentHere = 0;
      const timer = setInterval(() => {
        const elapsed = (performance.now() - start) / 1000;
        const due = Math.min(
          Math.floor(Math.min(elapsed, seconds) * options.ratePerSecond),
          Math.ceil(seconds * options.ratePerSecond),
        );
        while (sentHere < due) {
          send();
          sentHere += 1;
        }
        if (elapsed >= seconds) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });

  await run(options.warmupSeconds);
  measuring = true;
  firstMeasured = seq;
  const started = performance.now();
  await run(options.durationSeconds);
  const sendSeconds = (performance.now() - started) / 1000;
  measuring = false;
  // Let the last messages arrive (bounded).
  const deadline = Date.now() + 5000;
  while (latencies.length < measuredSent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const ws of listeners) ws.off('message', onFrame);
  return {
    sent: measuredSent,
    delivered: latencies.length,
    latencies: Float64Array.from(latencies).sort(),
    rate: measuredSent / sendSeconds,
  };
}
