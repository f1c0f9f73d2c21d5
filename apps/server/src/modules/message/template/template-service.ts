import {
  placeholdersOf,
  renderMessageTemplate,
  type MessageTemplateInfo,
  type MessageTemplateRow,
  type RenderableTemplate,
  type TemplateParam,
} from '@atrium/shared';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../../db/index.ts';
import type { MessageTemplateTable } from '../../../db/schema.ts';
import { inTransaction, type Tx } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf } from '../../../core/paging.ts';
import { createdColumns, namedRecordFields, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { codeGuard, isUniqueViolation } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { badField, type Translate } from '../../organize/common.ts';
import type { TemplateBody, TemplateListQuery } from './schema.ts';

type Template = Selectable<MessageTemplateTable>;

/** The dictionary type whose items classify templates. */
export const MESSAGE_CATEGORY_TYPE = 'messageCategory';

const paramsOf = (json: string): TemplateParam[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as TemplateParam[]) : [];
  } catch {
    return [];
  }
};

export async function listTemplates(db: Db, dialect: Dialect, query: TemplateListQuery) {
  let base = db.selectFrom('message_template');
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(
        eb,
        dialect,
        ['message_template.full_name', 'message_template.en_code', 'message_template.title'],
        query.keyword,
      ),
    );
  if (query.category) base = base.where('message_template.category', '=', query.category);
  if (query.messageType) base = base.where('message_template.message_type', '=', query.messageType);
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .leftJoin('dictionary_data', 'dictionary_data.id', 'message_template.category')
      .selectAll('message_template')
      .select('dictionary_data.full_name as category_name')
      .orderBy('message_template.sort_code')
      .orderBy('message_template.created_at', query.sort)
      .orderBy('message_template.id'),
  );
  const list: MessageTemplateRow[] = rows.map((r) => ({
    ...namedRecordFields(r),
    category: r.category,
    categoryName: r.category_name ?? '',
    messageType: r.message_type,
    channel: r.channel,
    title: r.title,
    creatorTime: r.created_at,
  }));
  return pageOf(list, query, total);
}

async function loadTemplate(db: Db, id: string): Promise<Template> {
  const row = await db.selectFrom('message_template').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function templateInfo(db: Db, id: string): Promise<MessageTemplateInfo> {
  const r = await loadTemplate(db, id);
  return {
    ...namedRecordFields(r),
    category: r.category,
    messageType: r.message_type,
    channel: r.channel,
    title: r.title,
    content: r.content,
    templateJson: paramsOf(r.template_json),
    version: r.version,
  };
}

/**
 * The rules zod cannot check alone: every `{field}` of the title and body must be a declared
 * parameter (else rendering would silently drop it), and the category must be a messageCategory item.
 */
async function assertValid(trx: Tx, t: Translate, body: TemplateBody): Promise<void> {
  const declared = new Set(body.templateJson.map((p) => p.field));
  for (const part of ['title', 'content'] as const) {
    const undeclared = placeholdersOf(body[part]).find((f) => !declared.has(f));
    if (undeclared) throw badField(t, part, 'templatePlaceholderUndeclared', { placeholder: `{${undeclared}}` });
  }
  if (body.category) {
    const item = await trx
      .selectFrom('dictionary_data')
      .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
      .select('dictionary_data.id')
      .where('dictionary_data.id', '=', body.category)
      .where('dictionary_type.en_code', '=', MESSAGE_CATEGORY_TYPE)
      .executeTakeFirst();
    if (!item) throw badField(t, 'category', 'templateCategoryMissing');
  }
}

async function assertCodeFree(db: Db, code: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('message_template').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

const columns = (body: TemplateBody) => ({
  full_name: body.fullName,
  en_code: body.enCode,
  category: body.category,
  message_type: body.messageType,
  channel: body.channel,
  title: body.title,
  content: body.content,
  template_json: JSON.stringify(body.templateJson),
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

export async function createTemplate(db: Db, t: Translate, body: TemplateBody, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    await assertValid(trx, t, body);
    await assertCodeFree(trx, body.enCode);
    const id = newId(actor.now);
    // The unique index stays the final word when two people create the same code at once.
    await codeGuard(body.enCode, () =>
      trx
        .insertInto('message_template')
        .values({ id, ...columns(body), ...createdColumns(actor) })
        .execute(),
    );
    return id;
  });
}

export async function updateTemplate(
  db: Db,
  t: Translate,
  id: string,
  body: TemplateBody & { version: number },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await loadTemplate(trx, id);
    await assertValid(trx, t, body);
    await assertCodeFree(trx, body.enCode, id);
    await codeGuard(body.enCode, () =>
      updateVersioned(trx, 'message_template', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
  });
}

export async function removeTemplate(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await loadTemplate(trx, id);
    await trx.deleteFrom('message_template').where('id', '=', id).execute();
  });
}

/** A short random suffix for a copy's code: letters and digits, so the code stays a valid identifier. */
const codeSuffix = () => newId().slice(-6).toLowerCase();

/**
 * POST /copy/{id}: the same template under a new unique code (the original's plus a random suffix)
 * and a name marked as a copy. Two copies made at once each get their own code; a clash with an
 * existing code, however unlikely, is retried with another suffix.
 */
export async function copyTemplate(db: Db, t: Translate, id: string, actor: Actor): Promise<string> {
  const source = await loadTemplate(db, id);
  const name = `${source.full_name}${t('templateCopySuffix')}`;
  for (let attempt = 0; ; attempt++) {
    const suffix = codeSuffix();
    const code = `${source.en_code.slice(0, 50 - suffix.length - 1)}_${suffix}`;
    const copyId = newId(actor.now);
    try {
      await db
        .insertInto('message_template')
        .values({
          ...source,
          id: copyId,
          en_code: code,
          full_name: name.slice(0, 50),
          ...createdColumns(actor),
        })
        .execute();
      return copyId;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/**
 * For workflow and notices: the enabled template with this code rendered with the values (a
 * missing value renders empty), or null when there is no such enabled template, so the caller
 * can fall back to its own wording.
 */
export async function renderTemplateByCode(
  db: Db,
  enCode: string,
  values: Readonly<Record<string, string | number | null | undefined>>,
): Promise<RenderableTemplate | null> {
  const row = await db
    .selectFrom('message_template')
    .select(['title', 'content'])
    .where('en_code', '=', enCode)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return row ? renderMessageTemplate(row, values) : null;
}
