import type { MessageTemplateForm, MessageTemplateInfo, MessageTemplateRow, TemplateParam } from '@atrium/shared';
import { resourceApi } from './resource.ts';
import { request } from './request.ts';

const BASE = '/api/message/MessageTemplateConfig';

/** Message template calls. */
export const messageTemplateApi = {
  ...resourceApi<MessageTemplateRow, MessageTemplateInfo, MessageTemplateForm>(BASE),
  copy: (id: string) => request<{ id: string }>({ url: `${BASE}/copy/${encodeURIComponent(id)}`, method: 'POST' }),
  /** The parameters a message type (1 notice, 2 flow, 3 system) offers its templates. */
  typeParams: async (messageType: number) =>
    (await request<{ list: TemplateParam[] }>({ url: `/api/message/MessageDataType/getTypeList/${messageType}` })).data
      ?.list ?? [],
};
