import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n from '../../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../../test/helpers.ts';
import { TestRunner } from './test-runner.tsx';

const definition = {
  id: 'd1',
  fullName: 'By account',
  dataType: 1,
  checkType: 0,
  requestParameters: [{ field: 'account', dataType: 'varchar', defaultValue: 'admin', required: 1, fieldName: '' }],
  version: 0,
};

describe('TestRunner', () => {
  let feedback: ReturnType<typeof mockFeedback>;
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    feedback = mockFeedback();
  });

  it('fills the declared parameters, runs Preview and shows the JSON answer, or the refusal', async () => {
    let refuse = false;
    const { calls } = mockFetch((url, init) => {
      if (url.pathname.endsWith('/Actions/Preview')) {
        if (refuse) return jsonResponse({ code: 400, msg: 'Only a query (SELECT) is allowed' }, 400);
        return jsonResponse(envelope([{ account: 'lvyang' }]));
      }
      expect(init.method ?? 'GET').toBe('GET');
      return jsonResponse(envelope(definition));
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TestRunner target={{ id: 'd1', fullName: 'By account' }} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const input = await screen.findByTestId('di-test-param-account');
    expect(await screen.findByDisplayValue('admin')).toBe(input);
    expect(screen.getByText('Fill in the parameters and press Run')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'lvyang' } });
    fireEvent.click(screen.getByTestId('di-test-run'));
    const result = await screen.findByTestId('di-test-result');
    expect(JSON.parse(result.textContent ?? '')).toEqual([{ account: 'lvyang' }]);
    expect(screen.getByText(/1 rows/)).toBeTruthy();
    const preview = calls.find((c) => c.url.pathname.endsWith('/Actions/Preview'))!;
    expect(JSON.parse(String(preview.init.body))).toEqual({ paramList: [{ field: 'account', value: 'lvyang' }] });

    refuse = true;
    fireEvent.click(screen.getByTestId('di-test-run'));
    const error = await screen.findByTestId('di-test-error');
    expect(error.textContent).toContain('Only a query (SELECT) is allowed');
    expect(screen.queryByTestId('di-test-result')).toBeNull();
    // Shown beside the parameters only: a toast would lie over the drawer's close button.
    expect(feedback.message.error).not.toHaveBeenCalled();
  });

  it('S2-9-25 names each parameter type by its label: 字符串, 整型, 日期时间, 浮点, 长整型, 文本', async () => {
    await i18n.changeLanguage('zh-CN');
    const types = ['varchar', 'int', 'datetime', 'decimal', 'bigint', 'text'];
    const requestParameters = types.map((dataType) => ({
      field: `p_${dataType}`,
      dataType,
      defaultValue: '',
      required: 0,
      fieldName: '',
    }));
    mockFetch(() => jsonResponse(envelope({ ...definition, requestParameters })));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TestRunner target={{ id: 'd1', fullName: 'By account' }} onClose={() => {}} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('di-test-param-p_text');
    const labels = types.map(
      (type) =>
        screen.getByTestId(`di-test-param-p_${type}`).closest('.ant-form-item')!.querySelector('.ant-tag')!.textContent,
    );
    expect(labels).toEqual(['字符串', '整型', '日期时间', '浮点', '长整型', '文本']);
  });
});
