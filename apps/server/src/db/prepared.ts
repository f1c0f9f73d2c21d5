import type pg from 'pg';

/**
 * SQL texts that PostgreSQL connections keep as prepared statements, by the name each is kept under.
 * Only reuse()'s queries come here: their texts are few and fixed by the code, so a connection keeps
 * a bounded set, and none reads a table that is altered while the server runs (a kept statement
 * whose result columns change stops working). Keeping the statement spares the server parsing and
 * planning it on every call, which on a list over several joined tables costs more than running it.
 */
const names = new Map<string, string>();

export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `atrium_${names.size + 1}`);
}

/**
 * Makes a new pool client send the kept texts as named statements (see keepPrepared). Every other
 * call, and every argument after the values (a callback), passes through as it was.
 */
export function preparingKept(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    return name ? query({ name, text: config, values: rest[0] }, ...rest.slice(1)) : query(config, ...rest);
  }) as typeof client.query;
}
