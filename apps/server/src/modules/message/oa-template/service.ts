import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf } from '../../../core/paging.ts';
import type { Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { isUniqueViolation } from '../../../core/unique-code.ts';
import type { Db, Dialect } from '../../../db/index.ts';
import { badField, type Translate } from '../../organize/common.ts';
import { excerptOf, sanitizeNotice, userLabel } from '../notice-service.ts';
import type { OaTemplateBody, OaTemplateListBody, OaTemplateRow } from './schema.ts';

/** Notice templates, newest first, by a keyword in the name or the text. */
export async function listOaTemplates(db: Db, dialect: Dialect, query: OaTemplateListBody) {
  let base = db.selectFrom('oa_template');
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(eb, dialect, ['oa_template.full_name', 'oa_template.excerpt'], query.keyword),
    );
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .leftJoin('users as creator', 'creator.id', 'oa_template.created_by')
      .selectAll('oa_template')
      .select(['creator.real_name as creator_name', 'creator.account as creator_account'])
      .orderBy('oa_template.created_at', query.sort)
      .orderBy('oa_template.id', query.sort),
  );
  const list: OaTemplateRow[] = rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    content: r.content,
    excerpt: r.excerpt,
    creatorUser: userLabel(r.creator_name, r.creator_account),
    creatorTime: Number(r.created_at),
  }));
  return pageOf(list, query, total);
}

/**
 * Saves a notice body as a template. The HTML is cleaned as a notice's is; a name already used is
 * refused by the unique index too, so of two saves under one name at once exactly one lands.
 */
export async function createOaTemplate(db: Db, t: Translate, body: OaTemplateBody, actor: Actor): Promise<string> {
  const content = sanitizeNotice(body.content);
  const excerpt = excerptOf(content);
  // An image-only body has no text but is still a body.
  if (!excerpt && !/<img\b/i.test(content)) throw badField(t, 'content', 'oaTemplateContentBlank');
  const id = newId();
  try {
    await db
      .insertInto('oa_template')
      .values({
        id,
        full_name: body.fullName,
        content,
        excerpt,
        created_at: actor.now,
        created_by: actor.userId,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('oaTemplateNameTaken', { name: body.fullName });
    throw error;
  }
  return id;
}

export async function removeOaTemplate(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('oa_template').where('id', '=', id).executeTakeFirst();
  if (!result.numDeletedRows) throw notFound();
}
