import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n, { loadAreaTexts, type Language } from '../../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../../test/helpers.ts';
import { texts } from './index.tsx';
import { LogsDrawer } from './logs-drawer.tsx';

const log = (id: string, invokType: string) => ({
  id,
  invokTime: Date.UTC(2026, 0, 2, 3, 4, 5),
  userId: 'u1',
  userName: '张三',
  invokWasteTime: 12,
  invokIp: '127.0.0.1',
  invokDevice: 'workflow',
  invokType,
  isSuccess: 1,
  errorMessage: '',
});

beforeAll(async () => {
  await loadAreaTexts(texts);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LogsDrawer', () => {
  it.each<[Language, string, string]>([
    ['zh-CN', '流程审批人', '流程触发器'],
    ['zh-TW', '流程審批人', '流程觸發器'],
    ['en-US', 'Flow approvers', 'Flow trigger'],
  ])('names the calls a flow makes (%s)', async (language, assignee, trigger) => {
    await i18n.changeLanguage(language);
    await loadAreaTexts(texts);
    mockFeedback();
    mockFetch(() =>
      jsonResponse(
        envelope({
          list: [log('l1', 'flowAssignee'), log('l2', 'flowTrigger'), log('l3', 'preview')],
          pagination: { currentPage: 1, pageSize: 20, total: 3 },
        }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LogsDrawer target={{ id: 'd1', fullName: 'Heads' }} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('di-log-table');
    expect(await within(table).findByText(assignee)).toBeTruthy();
    expect(within(table).getByText(trigger)).toBeTruthy();
    expect(within(table).queryByText('flowTrigger')).toBeNull();
  });
});
