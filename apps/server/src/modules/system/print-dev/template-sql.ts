import type { AdminSqlReader } from '../../../core/admin-sql/index.ts';
import type { MessageKey } from '../../../core/messages.ts';
import { AppError, fail } from '../../../core/errors.ts';
import { runReadOnlyQueries, runReadOnlySql } from '../../../core/read-only-sql.ts';

/**
 * The SQL of a print template: statements separated by `;`, the first answering the main record
 * (headTable), the next ones the child tables T1, T2... (where it runs: docs/admin-sql.md).
 *
 * The statements are split here (the shared runner takes one at a time) and checked first, so that a
 * refusal names its statement: each must be one query (SELECT or WITH, no writing, locking or
 * session keyword, no function that reaches files, the server or other databases). Secrets are out
 * of reach by construction: the reader (core/admin-sql) cannot see the credential store. Each is
 * then run as a sub-query of a SELECT through core/read-only-sql.ts, which binds `@formId` as a
 * parameter (a caller's formId can never change the statement) and makes the database itself
 * refuse writes.
 */

const MAX_STATEMENTS = 10;
/** Child tables are printed rows; more than this is not a printable form. */
const MAX_CHILD_ROWS = 1000;
const TIMEOUT_MS = 5000;

/** A statement without comments, and the same text with strings blanked too, for keyword checks. */
interface Statement {
  text: string;
  code: string;
}

/** Splits on `;` outside quotes and comments; blanks quoted text and comments in `code`. */
function splitStatements(template: string): Statement[] {
  const statements: Statement[] = [];
  let text = '';
  let code = '';
  let i = 0;
  const push = () => {
    if (code.trim()) statements.push({ text: text.trim(), code: code.trim() });
    text = '';
    code = '';
  };
  while (i < template.length) {
    const c = template[i]!;
    const next = template[i + 1];
    let end = -1;
    if (c === "'" || c === '"' || c === '`') {
      end = i + 1;
      // A doubled quote inside the literal is an escaped quote.
      for (;;) {
        end = template.indexOf(c, end);
        if (end === -1) throw fail('printSqlUnclosed');
        if (template[end + 1] === c) end += 2;
        else break;
      }
      end += 1;
      // Identifiers keep their text for the keyword checks ("password_hash" is still refused).
      const literal = template.slice(i, end);
      text += literal;
      code += c === "'" ? ' ' + "'".repeat(2) + ' ' : ` ${literal.slice(1, -1)} `;
      i = end;
      continue;
    }
    if (c === '-' && next === '-') {
      end = template.indexOf('\n', i);
      end = end === -1 ? template.length : end;
    } else if (c === '/' && next === '*') {
      end = template.indexOf('*/', i + 2);
      if (end === -1) throw fail('printSqlUnclosed');
      end += 2;
    } else if (c === '$') {
      // PostgreSQL dollar quoting ($$...$$, $tag$...$tag$) hides statements; it is never needed here.
      const tag = /^\$[A-Za-z_]*\$/.exec(template.slice(i));
      if (tag) throw fail('printSqlForbidden', { n: statements.length + 1, word: tag[0] });
    }
    if (end !== -1) {
      // Comments go: a line comment would otherwise swallow the wrapping query's closing parenthesis.
      text += ' ';
      code += ' ';
      i = end;
      continue;
    }
    if (c === ';') {
      push();
      i += 1;
      continue;
    }
    text += c;
    code += c;
    i += 1;
  }
  push();
  return statements;
}

/** Words that write, change the session or lock rows; none belongs in a print query. */
const WRITING =
  /\b(insert|update|delete|merge|upsert|drop|alter|create|truncate|grant|revoke|attach|detach|pragma|vacuum|reindex|analyze|copy|call|execute|exec|lock|into|returning|listen|notify|unlisten|refresh|cluster|discard|prepare|deallocate|savepoint|rollback|commit|begin|release|set|reset|load)\b/i;
/** Functions that reach the server, other databases or files, or run SQL given as text. */
const FUNCTIONS = /\b(pg_\w*|lo_\w*|dblink\w*|set_config|nextval|setval|load_extension|\w*_to_xml\w*|xpath\w*)\s*\(/i;

/** 400 naming the statement (1-based) that is not a plain read-only query. */
function assertQuery(statement: Statement, n: number): void {
  const first = /^\(*\s*(\w+)/.exec(statement.code)?.[1]?.toLowerCase();
  if (first !== 'select' && first !== 'with') throw fail('printSqlNotQuery', { n, word: (first ?? '').toUpperCase() });
  const writing = WRITING.exec(statement.code);
  if (writing) throw fail('printSqlNotQuery', { n, word: writing[1]!.toUpperCase() });
  const forbidden = FUNCTIONS.exec(statement.code);
  if (forbidden) throw fail('printSqlForbidden', { n, word: forbidden[1]! });
}

/** The statements of a template, checked; 400 when one is not allowed. */
export function checkedStatements(template: string): Statement[] {
  const statements = splitStatements(template);
  if (!statements.length) throw fail('printSqlEmpty');
  if (statements.length > MAX_STATEMENTS) throw fail('printSqlTooMany', { max: MAX_STATEMENTS });
  statements.forEach((statement, i) => assertQuery(statement, i + 1));
  return statements;
}

export type TemplateRows = Record<string, unknown>[];

/** What a run answers: the main record's rows (headTable) and each child table's (T1, T2...). */
export interface TemplateResult {
  headTable: TemplateRows;
  children: TemplateRows[];
}

/** The statement as the outer query of a run: columns from a row of nulls, or the rows capped. */
function wrapped(statement: Statement, mode: 'columns' | 'rows', index: number): string {
  if (mode === 'columns')
    return `select q.* from (select 1 as atrium_one) d left join (${statement.text}) q on 1 = 1 limit 1`;
  return `select q.* from (${statement.text}) q limit ${index === 0 ? 1 : MAX_CHILD_ROWS}`;
}

/** The designer names the statement that failed, with the runner's reason in the product's words. */
const STATEMENT_FAILURES: Partial<Record<MessageKey, MessageKey>> = {
  sqlNotReadOnly: 'printSqlNotReadOnly',
  sqlSyntax: 'printSqlSyntax',
  sqlUnknownName: 'printSqlUnknownName',
  sqlFailed: 'printSqlFailed',
};

/**
 * Runs a print template's SQL read-only with @formId bound, through the shared runner
 * (core/read-only-sql.ts and core/admin-sql: no credential tables, read-only, bound parameters).
 * - 'columns': one row per statement whose keys are the statement's columns (values null), whatever
 *   the data; the designer's field tree is built from it. Statements run one by one so that a
 *   failure names its statement and the database's reason (the admin's own SQL).
 * - 'rows': the main record (first row only) and each child table's rows (capped), in one snapshot;
 *   a failure answers a general message, since any signed-in user may print.
 */
export async function runTemplateSql(
  reader: AdminSqlReader,
  template: string,
  formId: string,
  mode: 'columns' | 'rows',
): Promise<TemplateResult> {
  const queries = checkedStatements(template).map((statement, i) => ({
    sqlText: wrapped(statement, mode, i),
    params: { formId },
  }));
  const options = { timeoutMs: TIMEOUT_MS };
  let rows: TemplateRows[];
  if (mode === 'rows') {
    rows = await runReadOnlyQueries(reader, queries, options).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 400 ? fail('printDataFailed') : error;
    });
  } else {
    rows = [];
    for (const [i, query] of queries.entries()) {
      rows.push(
        await runReadOnlySql(reader, query.sqlText, query.params, options).catch((error: unknown) => {
          const named = error instanceof AppError ? STATEMENT_FAILURES[error.messageKey] : undefined;
          // The runner's other refusals (timeout, unknown {parameter}) carry their own message.
          throw named ? fail(named, { n: i + 1 }) : error;
        }),
      );
    }
  }
  return { headTable: rows[0] ?? [], children: rows.slice(1) };
}
