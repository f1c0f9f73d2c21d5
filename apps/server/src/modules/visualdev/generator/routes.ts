import JSZip from 'jszip';
import { z } from 'zod';
import { signedIn } from '../../../core/access.ts';
import { ok } from '../../../core/http.ts';
import { fileReply, listOfSchema, replies } from '../../../core/response-schema.ts';
import type { App, Services } from '../../../core/types.ts';
import { ticketQuery } from '../../file/links.ts';
import { readDesign } from '../design.ts';
import { modelInfo } from '../model-service.ts';
import { DESIGN_MENU } from '../routes.ts';
import { idParams } from '../schema.ts';
import { ARCHIVE_NAME, publishArchive, sendArchive } from './download.ts';
import { AREAS, CLASS_NAME, generateFiles, type GeneratedFile } from './index.ts';

const tags = ['visualdev'];
const BASE = '/api/visualdev/Generater';
const downloadPath = (name: string) => `${BASE}/Download/${name}`;

/** Which area the code goes to and what its module is called (the model's code in PascalCase by default). */
const generateBody = z
  .object({
    module: z.enum(AREAS).optional(),
    className: z.string().trim().max(50).regex(CLASS_NAME).optional(),
  })
  .optional();

const filesAnswer = listOfSchema(z.object({ fileName: z.string(), fileContent: z.string() }));
const archiveAnswer = z.object({ name: z.string(), url: z.string() });

/**
 * The code generator (docs/visual-development.md, "Code generator"): a model's current draft, form and
 * list, as a server module and a web page in the project's own layout, previewed file by file or
 * downloaded as a zip. Reading a design is the designer's, so every call but the ticketed download
 * needs the designer's permission.
 */
export async function generaterRoutes(app: App, services: Services) {
  const { db } = services;

  /** The files of a model's draft; 404 for a model that does not exist, 400 for a design that fails its checks. */
  const filesOf = async (id: string, body: z.infer<typeof generateBody>, language: string) => {
    const model = await modelInfo(db, id);
    const design = readDesign(model, language);
    const files = generateFiles(
      { fullName: model.fullName, enCode: model.enCode, tableName: model.tableName, design },
      { area: body?.module ?? 'extend', ...(body?.className ? { className: body.className } : {}) },
    );
    return { model, files };
  };

  app.get(
    `${BASE}/AreasName`,
    {
      schema: {
        tags,
        summary: 'The module areas generated code may be placed in',
        response: replies(listOfSchema(z.string())),
      },
      config: { access: { permission: DESIGN_MENU } },
    },
    async () => ok({ list: [...AREAS] }),
  );

  app.post(
    `${BASE}/:id/Actions/CodePreview`,
    {
      schema: {
        params: idParams,
        body: generateBody,
        tags,
        summary: "The code of a model's draft, file by file (server module and web page)",
        response: replies(filesAnswer),
      },
      config: { access: { permission: DESIGN_MENU } },
    },
    async (request) => ok({ list: (await filesOf(request.params.id, request.body, request.language)).files }),
  );

  app.post(
    `${BASE}/:id/Actions/DownloadCode`,
    {
      schema: {
        params: idParams,
        body: generateBody,
        tags,
        summary: "The code of a model's draft as a zip: the link to download it (kept an hour, for the caller only)",
        response: replies(archiveAnswer),
      },
      config: { access: { permission: DESIGN_MENU } },
    },
    async (request) => {
      const { model, files } = await filesOf(request.params.id, request.body, request.language);
      const bytes = await zipOf(files);
      return ok(
        await publishArchive(services, bytes, signedIn(request).session.userId, `${model.enCode}.zip`, downloadPath),
      );
    },
  );

  app.get(
    `${BASE}/Download/:name`,
    {
      schema: {
        params: z.object({ name: z.string().regex(ARCHIVE_NAME) }),
        querystring: z.object({ fullName: z.string().max(200).optional().default('code.zip'), ...ticketQuery }),
        tags,
        summary: 'A generated code archive (kept an hour), with the ticket of the link answered to whoever made it',
        response: fileReply('the archive', 'application/zip'),
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      sendArchive(services, reply, request.params.name, request.query.ticket, request.query.fullName),
  );
}

/** The files in a zip, each at its path from the repository root. */
export async function zipOf(files: GeneratedFile[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.fileName, f.fileContent);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
