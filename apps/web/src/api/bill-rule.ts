import type { BillRuleForm, BillRuleInfo, BillRuleListItem, BillRuleTemplate, PageResult } from '@atrium/shared';
import { resourceApi } from './resource.ts';
import { request, requestRaw } from './request.ts';

const BASE = '/api/system/BillRule';
const part = encodeURIComponent;

/** Paging query of the bill rule list and of the template dialog. */
export interface BillRuleQuery {
  keyword?: string;
  currentPage?: number;
  pageSize?: number;
  categoryId?: string;
}

/** Bill rules: the management calls and the lookups forms make. */
export const billRuleApi = {
  ...resourceApi<BillRuleListItem, BillRuleInfo, BillRuleForm>(BASE),
  /** The business number templates: enabled rules, 20 a page by default. */
  templates: async (query: BillRuleQuery) =>
    (await request<PageResult<BillRuleTemplate>>({ url: `${BASE}/Selector`, data: query })).data!,
  /** Issues the next number of the rule with this code. */
  billNumber: async (enCode: string) => (await request<string>({ url: `${BASE}/BillNumber/${part(enCode)}` })).data!,
  /** The rule's definition as a file (a Blob; an error answer is shown by the wrapper and thrown). */
  export: async (id: string) => requestRaw({ url: `${BASE}/${part(id)}/Action/Export` }),
};
