import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import { registerMessages } from '../../core/messages.ts';
import { idParams } from '../../core/record-schema.ts';
import type { App, Services } from '../../core/types.ts';
import { gradeMessages } from './grade-messages.ts';
import { listOfSchema, pageOfSchema, replies } from '../../core/response-schema.ts';
import {
  gradeBody,
  gradeInfo as gradeInfoSchema,
  gradeListItem,
  gradeListQuery,
  gradeOption,
  gradeUpdateBody,
} from './grade-schema.ts';
import {
  createGrade,
  gradeInfo,
  gradeOptions,
  listGrades,
  removeGrade,
  toggleGradeState,
  updateGrade,
} from './grade-service.ts';

const tags = ['permission'];
const GRADE = '/api/permission/Grade';

/**
 * Job grade management (menu permission.grade). Grades are global like roles, so no data scheme
 * applies; the picker is open to every signed-in user because the position and user dialogs of
 * other menus show it.
 */
export async function gradeRoutes(app: App, { db, dialect, now }: Services) {
  registerMessages(gradeMessages);
  const actor = (request: FastifyRequest) => ({ userId: signedIn(request).session.userId, now: now() });

  app.get(
    GRADE,
    {
      schema: {
        querystring: gradeListQuery,
        response: replies(pageOfSchema(gradeListItem)),
        tags,
        summary: 'Job grades, paged, by keyword (name or code)',
      },
      config: { access: { permission: 'permission.grade' } },
    },
    async (request) => ok(await listGrades(db, dialect, request.query)),
  );

  app.get(
    `${GRADE}/Selector`,
    {
      schema: {
        response: replies(listOfSchema(gradeOption)),
        tags,
        summary: 'Enabled job grades for the position and user dialogs',
      },
      config: { access: 'user' },
    },
    async () => ok({ list: await gradeOptions(db) }),
  );

  app.post(
    GRADE,
    {
      schema: {
        body: gradeBody,
        response: replies(z.object({ id: z.string() })),
        tags,
        summary: 'Create a job grade',
      },
      config: {
        access: { permission: 'permission.grade:btn_add' },
        audit: { resource: 'grade', table: 'job_grade', action: 'create' },
      },
    },
    async (request) => {
      const id = await createGrade(db, request.body, actor(request));
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    `${GRADE}/:id`,
    {
      schema: { params: idParams, response: replies(gradeInfoSchema), tags, summary: 'One job grade' },
      config: { access: { permission: 'permission.grade' } },
    },
    async (request) => ok(await gradeInfo(db, request.params.id)),
  );

  app.put(
    `${GRADE}/:id`,
    {
      schema: {
        params: idParams,
        body: gradeUpdateBody,
        response: replies(),
        tags,
        summary: 'Save a job grade (with version)',
      },
      config: {
        access: { permission: 'permission.grade:btn_edit' },
        audit: { resource: 'grade', table: 'job_grade', action: 'update' },
      },
    },
    async (request) => {
      await updateGrade(db, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${GRADE}/:id`,
    {
      schema: {
        params: idParams,
        response: replies(),
        tags,
        summary: 'Delete a job grade no position or user carries',
      },
      config: {
        access: { permission: 'permission.grade:btn_remove' },
        audit: { resource: 'grade', table: 'job_grade', action: 'delete' },
      },
    },
    async (request) => {
      await removeGrade(db, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    `${GRADE}/:id/Actions/State`,
    {
      schema: {
        params: idParams,
        response: replies(z.object({ enabledMark: z.number() })),
        tags,
        summary: 'Enable or disable a job grade',
      },
      config: {
        access: { permission: 'permission.grade:btn_edit' },
        audit: { resource: 'grade', table: 'job_grade', action: 'other' },
      },
    },
    async (request) => {
      const enabledMark = await toggleGradeState(db, request.params.id, actor(request));
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );
}
