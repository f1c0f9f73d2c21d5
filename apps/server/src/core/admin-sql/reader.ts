import type { Dialect } from '../../db/index.ts';

// What every admin-SQL reader shares; index.ts picks the reader of the database in use.

export interface BoundStatement {
  /** The statement with the dialect's positional placeholders. */
  text: string;
  values: (string | number | null)[];
}

export interface ReadOptions {
  timeoutMs: number;
  /** Rows kept from each statement's answer. */
  maxRows: number;
}

/** Why a statement failed, in words the product can say; the database's own text goes to the log. */
export type AdminSqlFailure = 'readOnly' | 'timeout' | 'syntax' | 'unknownName' | 'multiple' | 'failed' | 'unavailable';

export class AdminSqlError extends Error {
  constructor(
    readonly failure: AdminSqlFailure,
    /** The database's text, for the log only. */
    readonly detail: string,
  ) {
    super(`admin SQL ${failure}: ${detail}`);
    this.name = 'AdminSqlError';
  }
}

export interface AdminSqlReader {
  dialect: Dialect;
  /** Runs the statements one after another in one read-only snapshot and answers each one's rows. */
  read(statements: readonly BoundStatement[], options: ReadOptions): Promise<Record<string, unknown>[][]>;
  close(): Promise<void>;
}
