import { SOCKET_GOING_AWAY } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets } from '../../testing/index.ts';
import { startCluster, TestSocket, type Cluster } from './testing.ts';

describe.each(dbTargets())('draining sockets on shutdown, $name', (target) => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster(target, 2);
  });
  afterAll(async () => cluster.close());

  it('an instance that shuts down closes its sockets as "going away"; the other instance keeps its own', async () => {
    const token = await cluster.login('staff');
    const leaving = await TestSocket.open(cluster.bases[0]!, token);
    const staying = await TestSocket.open(cluster.bases[1]!, token);
    await leaving.connect(token);
    await staying.connect(token);

    const [app] = cluster.apps.splice(0, 1);
    await app!.close();

    expect(await leaving.closed).toBe(SOCKET_GOING_AWAY);
    expect(staying.ws.readyState).toBe(staying.ws.OPEN);
    // The socket that stayed still answers: a fresh OnConnection is served by the live instance.
    expect((await staying.connect(token)).method).toBe('initMessage');
    staying.close();
  });
});
