import { execFileSync } from 'node:child_process';
import { FORM_HEADERS, md5, signIn } from '../atrium-client.ts';
import { readOptions } from '../options.ts';
import type { BenchGroup, Check } from '../scenario.ts';
import { closeSockets, driveChat, openSockets, serverCpuMs, serverRssBytes, type LiveSocket } from '../socket-load.ts';

/** Issue 6: 2 000 concurrent sockets on one instance, chat delivery p99 < 50 ms at 500 messages/s. */
const SOCKETS = 2000;
const RATE = 500;
const P99_MAX_MS = 50;
/** Users chatting in pairs, one tab each; the other demo users hold the idle sockets, many tabs each. */
const CHATTERS = 30;

const NAME = 'Conversation list (imreply) after the chat load';

interface SocketFigures {
  sockets: number;
  rssDeltaBytes: number | null;
  sent: number;
  delivered: number;
  rate: number;
  p50: number;
  p99: number;
  /** Server CPU during the chat (warm-up included), in percent of one core; null without /proc. */
  serverCpuPercent: number | null;
}
/** Filled by the scenario's preparation; the targets read it after the run. */
let figures: SocketFigures | undefined;
let failure: string | undefined;

async function signInAs(origin: string, account: string): Promise<string> {
  const res = await fetch(`${origin}/prod/api/oauth/Login`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({ account, password: md5('demo1234'), grant_type: 'password' }).toString(),
  });
  const body = (await res.json()) as { code?: number; msg?: string; data?: { token?: string } };
  if (body.code !== 200 || !body.data?.token) throw new Error(`sign-in as ${account} failed: ${body.msg}`);
  return body.data.token;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/**
 * The socket load runs while the scenario prepares (the bench runner measures HTTP only): sign in
 * the demo staff, open 2 000 sockets, read the server's resident memory before and after, drive
 * chat at 500 messages/s between 15 pairs, then close everything. The HTTP figures measured after
 * it are the conversation list of one of the chatters.
 */
/**
 * The bench process and the server each hold one descriptor per socket; a default soft limit of 1024
 * would end the run with EMFILE halfway. Node cannot raise its own limit, so say what to do.
 */
function checkDescriptorLimit(): void {
  let limit: number;
  try {
    limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || Infinity;
  } catch {
    // No shell to ask ('unlimited' reads as NaN above): go ahead and let EMFILE speak for itself.
    return;
  }
  const needed = SOCKETS + 500;
  if (limit < needed)
    throw new Error(`open-file limit ${limit} < ${needed}: run the bench after 'ulimit -n ${needed}'`);
}

async function socketLoad(origin: string): Promise<string> {
  checkDescriptorLimit();
  const admin = await signIn(origin, 'admin');
  const res = await fetch(`${origin}/prod/api/permission/Users/All`, { headers: { authorization: admin } });
  const accounts = ((await res.json()) as { data: { list: { account: string }[] } }).data.list
    .map((u) => u.account)
    .filter((a) => a !== 'admin');
  if (accounts.length < CHATTERS + 2) throw new Error(`only ${accounts.length} demo users`);
  const tokens: string[] = [];
  for (const account of accounts) tokens.push(await signInAs(origin, account));
  const chatterTokens = tokens.slice(0, CHATTERS);
  const idleTokens = tokens.slice(CHATTERS);

  const rssBefore = serverRssBytes();
  const idle = await openSockets(
    origin,
    Array.from({ length: SOCKETS - CHATTERS }, (_, i) => idleTokens[i % idleTokens.length]!),
  );
  const chatters = await openSockets(origin, chatterTokens);
  const all: LiveSocket[] = [...idle, ...chatters];
  try {
    // Let presence frames and allocation settle before reading memory.
    await new Promise((r) => setTimeout(r, 1500));
    const rssAfter = serverRssBytes();
    const pairs: [LiveSocket, LiveSocket][] = [];
    for (let i = 0; i + 1 < chatters.length; i += 2) pairs.push([chatters[i]!, chatters[i + 1]!]);
    const options = readOptions();
    const cpuBefore = serverCpuMs();
    const chatStarted = Date.now();
    const chat = await driveChat(pairs, {
      ratePerSecond: RATE,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
    });
    const cpuAfter = serverCpuMs();
    figures = {
      serverCpuPercent:
        cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) / (Date.now() - chatStarted)) * 100 : null,
      sockets: all.length,
      rssDeltaBytes: rssBefore !== null && rssAfter !== null ? rssAfter - rssBefore : null,
      sent: chat.sent,
      delivered: chat.delivered,
      rate: chat.rate,
      p50: percentile(chat.latencies, 50),
      p99: percentile(chat.latencies, 99),
    };
  } finally {
    await closeSockets(all);
  }
  return chatterTokens[0]!;
}

function chatCheck(): Check {
  if (!figures) return { text: `Chat delivery p99: no figures (${failure ?? 'not run'}) ✗`, pass: false };
  const lost = figures.sent - figures.delivered;
  const pass = figures.p99 < P99_MAX_MS && lost === 0 && figures.rate >= RATE * 0.95;
  return {
    text:
      `Chat delivery p99 ${figures.p99.toFixed(1)} ms < ${P99_MAX_MS} ms (p50 ${figures.p50.toFixed(1)} ms; ` +
      `${figures.sent} messages at ${figures.rate.toFixed(0)}/s, ${lost} lost, ${figures.sockets} sockets open, ` +
      `server CPU ${figures.serverCpuPercent === null ? '?' : figures.serverCpuPercent.toFixed(0)}% of a core) ${pass ? '✓' : '✗'}`,
    pass,
  };
}

function memoryCheck(): Check {
  if (!figures || figures.rssDeltaBytes === null)
    return { text: `Memory per idle socket: not measured (${failure ?? 'no /proc or not run'}) ✗`, pass: false };
  const perSocket = figures.rssDeltaBytes / figures.sockets;
  return {
    text:
      `Memory per idle socket ${(perSocket / 1024).toFixed(1)} KB ` +
      `(server RSS +${(figures.rssDeltaBytes / 1048576).toFixed(1)} MB for ${figures.sockets} sockets; reported)`,
    pass: true,
  };
}

export const socketGroup: BenchGroup = {
  scenarios: [
    {
      name: NAME,
      server: 'atrium',
      connections: 10,
      envelope: true,
      async prepare(origin) {
        try {
          const token = await socketLoad(origin);
          return { method: 'GET', path: '/prod/api/message/imreply', headers: { authorization: token } };
        } catch (err) {
          failure = err instanceof Error ? err.message : String(err);
          throw err;
        }
      },
    },
  ],
  targets: [chatCheck, memoryCheck],
};
