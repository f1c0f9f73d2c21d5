import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFields, galleryForm, holdsValue, type FormField, type FormJson } from '@atrium/shared/forms';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';

const BASE = '/api/visualdev/Base';
const GEN = '/api/visualdev/Generater';
/** The repository root: generated files are type-checked where they would live. */
const ROOT = path.resolve(import.meta.dirname, '../../../../../..');

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FormField => {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  return {
    __config__: {
      jnpfKey: jnpfKey as FormField['__config__']['jnpfKey'],
      label,
      layout: 'colFormItem',
      span: 24,
      ...config,
    },
    __vModel__: vModel,
    ...props,
  };
};

/**
 * A customer register like the seeded one, with what makes generation interesting: a label that
 * tries to end a comment and a string, a unique field, a bill number, a sub-table, logical delete.
 */
const customerForm = (): FormJson => ({
  popupType: 'general',
  generalWidth: '800px',
  logicalDelete: true,
  fields: [
    field('comInput', 'customerName', '客户名称 */ \'"`${x}', {
      config: { required: true, unique: true },
      maxlength: 50,
    }),
    field('select', 'customerLevel', '客户等级', {
      config: { required: true },
      __slot__: {
        options: [
          { id: 'key', fullName: "重点 'A'" },
          { id: 2, fullName: '普通' },
        ],
      },
    }),
    field('numInput', 'credit', '信用额度', { precision: 2, min: 0 }),
    field('date', 'signedAt', '签约日期'),
    field('userSelect', 'owner', '负责人'),
    field('billRule', 'code', '客户编号', { config: { rule: 'contract' } }),
    field('checkbox', 'tags', '标签', { __slot__: { options: [{ id: 'vip', fullName: 'VIP' }] } }),
    {
      __config__: {
        jnpfKey: 'table',
        label: '联系人',
        layout: 'rowFormItem',
        children: [
          field('comInput', 'contactName', '姓名', { config: { required: true } }),
          field('comInput', 'contactPhone', '电话'),
        ],
      },
      __vModel__: 'contacts',
    },
    field('createUser', 'creator', '创建人'),
    field('createTime', 'createdAt', '创建时间'),
    field('modifyTime', 'updatedAt', '修改时间'),
  ],
});

const customerColumns = {
  columnList: [
    { label: '客户名称', prop: 'customerName', width: 200 },
    { label: '客户等级', prop: 'customerLevel' },
    { label: '信用额度', prop: 'credit', sortable: true, align: 'right' },
    { label: '负责人', prop: 'owner' },
    { label: '创建时间', prop: 'createdAt', sortable: true },
  ],
  searchList: [
    { label: '客户名称', prop: 'customerName', searchType: 2 },
    { label: '客户等级', prop: 'customerLevel', searchType: 1 },
    { label: '信用额度', prop: 'credit', searchType: 3 },
    { label: '签约日期', prop: 'signedAt', searchType: 3 },
    { label: '标签', prop: 'tags', searchType: 1 },
  ],
  defaultSidx: 'createdAt',
  sort: 'desc',
  useBtnPermission: true,
};

/** Every field kind of the registry (the form gallery), every stored field listed and searched. */
function galleryModel() {
  const form = galleryForm();
  const keys = collectFields(form)
    .filter((f) => holdsValue(f.field) && !f.table)
    .map((f) => f.key);
  const columns = {
    columnList: keys.map((prop) => ({ prop, label: prop, sortable: true })),
    searchList: keys.map((prop, i) => ({ prop, label: prop, searchType: (i % 3) + 1 })),
    defaultSidx: keys[0],
  };
  return { form, columns };
}

/** A form with one field and an empty list: nothing to search, sort or show by name. */
const plainForm = (): FormJson => ({ fields: [field('textarea', 'note', '备注')] });

interface File {
  fileName: string;
  fileContent: string;
}

/** Type-checks files with a workspace's compiler options; answers the problems found in them. */
function typeCheck(tsconfig: string, files: string[]): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: files, options: parsed.options });
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' };
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((file) => {
      const source = program.getSourceFile(file);
      if (!source) throw new Error(`${file} is not in the program`);
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    }),
  ].map((d) => ts.formatDiagnostic(d, host));
}

describe.each(dbTargets())('the code generator on $name', (target) => {
  let server: TestServer;
  let admin: string;
  const suffix = randomBytes(3).toString('hex');
  const ids: Record<string, string> = {};

  const api = (method: string, url: string, body?: unknown, token = admin) =>
    server.call(method, url, { token, ...(body === undefined ? {} : { body }) }).then((r) => r.json());

  const createModel = async (enCode: string, form: FormJson, columns: unknown) => {
    const res = await api('POST', BASE, {
      fullName: `生成 ${enCode}`,
      enCode,
      formData: JSON.stringify(form),
      columnData: JSON.stringify(columns),
    });
    expect(res.code, res.msg).toBe(200);
    return res.data.id as string;
  };

  beforeAll(async () => {
    server = await createTestServer(target);
    admin = await server.login('admin');
    ids.customer = await createModel('genCustomer', customerForm(), customerColumns);
    const gallery = galleryModel();
    ids.gallery = await createModel('genGallery', gallery.form, gallery.columns);
    ids.plain = await createModel('genPlain', plainForm(), { columnList: [] });
    // The seeded demo models: released, with the customer register's sub-table of contacts.
    for (const code of ['demoCustomer', 'demoAsset', 'demoContract'])
      ids[code] = await server.idOfCode('visualdev_model' as never, code);
  });
  afterAll(() => server.close());

  it('S2-7-85 AreasName answers the areas generated code may go to', async () => {
    const res = await api('GET', `${GEN}/AreasName`);
    expect(res).toMatchObject({ code: 200, data: { list: ['extend', 'system', 'permission', 'message'] } });
  });

  it('S2-7-87 CodePreview answers the server module and the web page of the draft', async () => {
    const res = await api('POST', `${GEN}/${ids.customer}/Actions/CodePreview`, {});
    expect(res.code, res.msg).toBe(200);
    const files = res.data.list as File[];
    expect(files.map((f) => f.fileName)).toEqual([
      'apps/server/src/modules/extend/gen-customer/schema.ts',
      'apps/server/src/modules/extend/gen-customer/messages.ts',
      'apps/server/src/modules/extend/gen-customer/service.ts',
      'apps/server/src/modules/extend/gen-customer/routes.ts',
      'apps/web/src/views/extend/gen-customer/api.ts',
      'apps/web/src/views/extend/gen-customer/form.ts',
      'apps/web/src/views/extend/gen-customer/index.tsx',
    ]);
    const text = (name: string) => files.find((f) => f.fileName.endsWith(name))!.fileContent;
    // The tables release will make, the menu's permission and buttons, the draft's fields.
    expect(text('service.ts')).toContain("export const TABLE = 'vd_gencustomer';");
    expect(text('service.ts')).toContain("const contactsTable = 'vd_gencustomer__contacts';");
    expect(text('service.ts')).toContain("await issueBillNumber(trx, 'contract', writer.now)");
    expect(text('service.ts')).toContain('.set({ deleted_at: now })');
    expect(text('routes.ts')).toContain("const MENU = 'genCustomer';");
    expect(text('routes.ts')).toContain('permission: `${MENU}:btn_add`');
    expect(text('routes.ts')).toContain("const BASE = '/api/extend/GenCustomer';");
    expect(text('schema.ts')).toContain('customerName: z.string().min(1).max(50)');
    // A label is written as a string literal and never ends a comment.
    expect(text('service.ts')).toContain(`{ label: '客户名称 */ \\'"\`\${x}', value: String(columns.f_customername) }`);
    expect(text('schema.ts')).toContain('// 客户名称 * / \'"`${x}');
    expect(JSON.parse(text('form.ts').match(/const design: unknown = ([\s\S]*);\n\nexport/)![1]!)).toEqual(
      JSON.parse((await api('GET', `${BASE}/${ids.customer}`)).data.formData),
    );

    const other = await api('POST', `${GEN}/${ids.customer}/Actions/CodePreview`, {
      module: 'system',
      className: 'CustomerFile',
    });
    expect(other.data.list[0].fileName).toBe('apps/server/src/modules/system/customer-file/schema.ts');
    expect(other.data.list[6].fileName).toBe('apps/web/src/views/system/customer-file/index.tsx');
  });

  it('refuses a module area or class name it does not know, and an unknown model', async () => {
    const badArea = await api('POST', `${GEN}/${ids.customer}/Actions/CodePreview`, { module: '../../etc' });
    expect(badArea.code).toBe(400);
    expect(badArea.msg).toContain('module');
    const badName = await api('POST', `${GEN}/${ids.customer}/Actions/CodePreview`, { className: 'a/b' });
    expect(badName.code).toBe(400);
    expect(badName.msg).toContain('className');
    expect((await api('POST', `${GEN}/nope/Actions/CodePreview`, {})).code).toBe(404);
    expect((await api('POST', `${GEN}/nope/Actions/DownloadCode`, {})).code).toBe(404);
  });

  it('needs the designer permission', async () => {
    const employee = await server.login('zhuting');
    expect((await api('GET', `${GEN}/AreasName`, undefined, employee)).code).toBe(403);
    expect((await api('POST', `${GEN}/${ids.customer}/Actions/CodePreview`, {}, employee)).code).toBe(403);
    expect((await api('POST', `${GEN}/${ids.customer}/Actions/DownloadCode`, {}, employee)).code).toBe(403);
  });

  it('S2-7-86 DownloadCode answers a link to a zip of exactly the previewed files, for the caller only', async () => {
    const body = { module: 'message', className: 'Contacts' };
    const preview = (await api('POST', `${GEN}/${ids.demoCustomer}/Actions/CodePreview`, body)).data.list as File[];
    const res = await api('POST', `${GEN}/${ids.demoCustomer}/Actions/DownloadCode`, body);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.name).toBe('demoCustomer.zip');
    const download = await server.call('GET', res.data.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(download.rawPayload);
    const entries = await Promise.all(
      Object.values(zip.files)
        .filter((e) => !e.dir)
        .map(async (e) => ({ fileName: e.name, fileContent: await e.async('string') })),
    );
    expect(entries).toEqual(preview);
    // Without its ticket, or with a name that is not one of ours, nothing is sent.
    const bare = res.data.url.split('?')[0] as string;
    expect((await server.call('GET', bare)).statusCode).toBe(403);
    expect((await server.call('GET', `${GEN}/Download/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(400);
  });

  it.runIf(target.name === 'sqlite')(
    'the generated code compiles against the project, server and web',
    { timeout: 300_000 },
    async () => {
      const written: string[] = [];
      const made: string[] = [];
      const previews: { model: string; className: string }[] = [
        { model: ids.customer!, className: `GenCustomer${suffix}` },
        { model: ids.gallery!, className: `GenGallery${suffix}` },
        { model: ids.plain!, className: `GenPlain${suffix}` },
        { model: ids.demoCustomer!, className: `GenDemoCustomer${suffix}` },
        { model: ids.demoAsset!, className: `GenDemoAsset${suffix}` },
        { model: ids.demoContract!, className: `GenDemoContract${suffix}` },
      ];
      try {
        for (const { model, className } of previews) {
          const res = await api('POST', `${GEN}/${model}/Actions/CodePreview`, { className });
          expect(res.code, res.msg).toBe(200);
          for (const f of res.data.list as File[]) {
            const file = path.join(ROOT, f.fileName);
            // Only folders of our own making are written (and removed again): the area folder
            // may not exist yet, the module folder must not.
            const folder = path.dirname(file);
            for (const dir of [path.dirname(folder), folder])
              if (!fs.existsSync(dir)) {
                fs.mkdirSync(dir);
                made.push(dir);
              }
            fs.writeFileSync(file, f.fileContent);
            written.push(file);
          }
        }
        const serverFiles = written.filter((f) => f.includes(`${path.sep}apps${path.sep}server${path.sep}`));
        const webFiles = written.filter((f) => f.includes(`${path.sep}apps${path.sep}web${path.sep}`));
        expect(serverFiles).toHaveLength(previews.length * 4);
        expect(webFiles).toHaveLength(previews.length * 3);
        expect(typeCheck(path.join(ROOT, 'apps/server/tsconfig.json'), serverFiles)).toEqual([]);
        expect(typeCheck(path.join(ROOT, 'apps/web/tsconfig.json'), webFiles)).toEqual([]);
      } finally {
        for (const file of written) fs.rmSync(file, { force: true });
        for (const dir of made.reverse()) fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
