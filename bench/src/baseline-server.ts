import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServedApp } from './server-protocol.ts';

const BODY = JSON.stringify({ hello: 'world' });

/**
 * The floor of what any answer costs on this machine: a bare Node http server with one small JSON
 * answer, no framework, no hooks. Every ratio the bench prints is over its requests per second.
 */
export async function buildBaselineServer(): Promise<ServedApp> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': BODY.length });
    res.end(BODY);
  });
  return {
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
