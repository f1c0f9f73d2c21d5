import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';

/** Keys that every instance must share, kept in the credential store (docs/admin-sql.md). */
export interface ServerSecrets {
  /** Signs the tickets of private file links (docs/files.md). */
  fileTicketKey: Buffer;
}

/**
 * The named secret, made on first use. Instances that start together race to insert; the first
 * insert wins and everyone reads that one back.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secret')
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

export async function loadServerSecrets(db: Db): Promise<ServerSecrets> {
  return { fileTicketKey: await sharedSecret(db, 'file-ticket') };
}
