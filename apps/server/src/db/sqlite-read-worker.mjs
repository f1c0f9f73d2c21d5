/**
 * A thread of the SQLite readers (sqlite-readers.ts): its own read-only connection to the main
 * database file, answering one statement per message. Plain JavaScript, so the thread starts
 * without a TypeScript loader. Statements are kept by their text, as on the main connection.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const sqlite = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
const statements = new Map();
const KEPT = 200;

/** Buffers arrive as plain Uint8Arrays after the structured clone; SQLite binds Buffers only. */
const bindable = (value) =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;

function statementOf(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    if (!statement.reader)
      throw Object.assign(new Error('only statements that return rows run here'), { code: 'READ_ONLY' });
    if (statements.size >= KEPT) statements.delete(statements.keys().next().value);
    statements.set(sql, statement);
  }
  return statement;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const rows = statementOf(sql).all(parameters.map(bindable));
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
