import { ok } from '../../../core/http.ts';
import type { App, Services } from '../../../core/types.ts';
import { sysConfigBody, sysConfigAnswer } from './schema.ts';
import { saveSysConfig, sysConfig } from './service.ts';
import { registerMessages } from '../../../core/messages.ts';
import { sysConfigMessages } from './messages.ts';
import { replies } from '../../../core/response-schema.ts';

const tags = ['system'];
const BASE = '/api/system/SysConfig';

/** System settings: the basic, security, upload and data-interface tabs of 'system/sysConfig'. */
export async function sysConfigRoutes(app: App, { db, now }: Services) {
  registerMessages(sysConfigMessages);
  app.get(
    BASE,
    {
      schema: { tags, summary: 'Every system setting', response: replies(sysConfigAnswer) },
      config: { access: { permission: 'basic.sysConfig' } },
    },
    async () => ok(await sysConfig(db)),
  );

  app.put(
    BASE,
    {
      schema: {
        body: sysConfigBody,
        tags,
        summary: 'Save some or all settings; they hold from the next request on',
        response: replies(sysConfigAnswer),
      },
      config: {
        access: { permission: 'basic.sysConfig:btn_edit' },
        audit: { resource: 'sysConfig', action: 'update', load: (store) => sysConfig(store) },
      },
    },
    async (request) => ok(await saveSysConfig(db, request.body, now()), request.t('saveSuccess')),
  );
}
