import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../api/workflow.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { decodeFlowDetailConfig } from '../../../components/flow-status/detail-link.ts';
import i18n from '../../../locales/index.ts';
import { groupTemplates } from './group-templates.ts';
import AddFlowPage from './index.tsx';

vi.mock('../../../api/workflow.ts', () => ({ listLaunchableTemplates: vi.fn() }));
vi.mock('../../../stores/dictionaries.ts', () => ({
  useDictionary: () => ({ labelOf: (v: string) => ({ hr: '人事', admin: '行政' })[v] ?? v }),
}));
const mocked = vi.mocked(api);

const tpl = (id: string, fullName: string, category: string | null, enCode = id) =>
  ({ id, fullName, enCode, category, flowType: 0, formType: 1 }) as api.LaunchableTemplate;
const templates = [
  tpl('t1', '请假', 'admin', 'leave'),
  tpl('t2', '入职', 'hr'),
  tpl('t3', '杂项', null),
  tpl('t4', '出差', 'admin', 'trip'),
];

describe('launch centre', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mocked.listLaunchableTemplates.mockResolvedValue({
      list: templates,
      pagination: { currentPage: 1, pageSize: 999, total: 4 },
    });
  });

  it('groups the templates by category, uncategorised last, and filters by name or code', () => {
    expect(groupTemplates(templates).map((g) => [g.category, g.templates.map((t) => t.id)])).toEqual([
      ['admin', ['t1', 't4']],
      ['hr', ['t2']],
      ['', ['t3']],
    ]);
    expect(groupTemplates(templates, 'TRIP').map((g) => g.templates.map((t) => t.id))).toEqual([['t4']]);
    expect(groupTemplates(templates, '没有')).toEqual([]);
  });

  it('S2-7-76 S1-2.1-12 lists what the user may launch and opens a new launch of the template clicked', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <AddFlowPage /> },
      { path: '*', element: <div /> },
    ]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const groups = await screen.findAllByTestId('add-flow-group');
    expect(groups.map((g) => g.querySelector('h3')!.textContent)).toEqual(['行政', '人事', '未分类']);
    expect(mocked.listLaunchableTemplates).toHaveBeenCalledWith();

    fireEvent.change(screen.getByPlaceholderText('搜索流程名称'), { target: { value: '不存在' } });
    expect(await screen.findByTestId('add-flow-empty')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('搜索流程名称'), { target: { value: '' } });

    fireEvent.click(await screen.findByTestId('add-flow-leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workFlowDetail'));
    expect(decodeFlowDetailConfig(new URLSearchParams(router.state.location.search).get('config'))).toMatchObject({
      flowId: 't1',
      opType: -1,
    });
  });
});
