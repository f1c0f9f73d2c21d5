import type { GradeForm, GradeInfo, GradeListItem, GradeOption } from '@atrium/shared';
import { request } from './request.ts';
import { resourceApi } from './resource.ts';

const GRADE = '/api/permission/Grade';

/** Job grades: the management resource and the enabled grades for pickers. */
export const gradeApi = {
  ...resourceApi<GradeListItem, GradeInfo, GradeForm>(GRADE),
  options: async () => (await request<{ list: GradeOption[] }>({ url: `${GRADE}/Selector` })).data!.list,
};
