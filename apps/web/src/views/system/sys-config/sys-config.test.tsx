import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SysConfig } from '../../../api/sys-config.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n from '../../../locales/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../../test/helpers.ts';
import SysConfigPage from './index.tsx';

const WAIT = { timeout: 10_000 };

const settings: SysConfig = {
  title: 'Atrium',
  sysName: 'Atrium',
  sysVersion: '0.1.0',
  logoIcon: '',
  loginIcon: '',
  navigationIcon: '',
  copyright: '© Atrium',
  companyName: '示范科技有限公司',
  tokenTimeout: 720,
  singleLogin: 2,
  passwordErrorsNumber: 5,
  lockType: 1,
  lockTime: 10,
  enableVerificationCode: 0,
  verificationCodeNumber: 4,
  uploadMaxSize: 100,
  uploadExtensions: 'jpg,png,pdf',
  dataInterfaceHosts: '',
};

function serve() {
  return mockFetch((_url, init) => {
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Partial<SysConfig>;
      return jsonResponse(envelope({ ...settings, ...body }, 200, '保存成功'));
    }
    return jsonResponse(envelope(settings));
  });
}

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <SysConfigPage /> }])} />
    </QueryClientProvider>,
  );

describe('system settings screen', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    useSessionStore.setState({ sysConfigInfo: null });
  });

  it('loads the settings, saves them whole with a toast, and the shell gets the new name at once', async () => {
    const feedback = mockFeedback();
    const { calls } = serve();
    show();
    await screen.findByDisplayValue('示范科技有限公司', {}, WAIT);
    const sysName = screen.getByTestId('sys-sysName') as HTMLInputElement;
    expect(sysName.value).toBe('Atrium');
    for (const tab of ['基础设置', '安全设置', '上传设置', '数据接口'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();

    fireEvent.change(sysName, { target: { value: '示范办公' } });
    fireEvent.click(screen.getByTestId('sys-config-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), WAIT);
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(put.url.pathname).toBe('/prod/api/system/SysConfig');
    expect(JSON.parse(String(put.init.body))).toMatchObject({
      sysName: '示范办公',
      tokenTimeout: 720,
      uploadExtensions: 'jpg,png,pdf',
    });
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('保存成功'), WAIT);
    expect(useSessionStore.getState().sysConfigInfo).toMatchObject({ sysName: '示范办公', copyright: '© Atrium' });
  });

  it('an invalid field on another tab brings that tab forward and nothing is sent', async () => {
    mockFeedback();
    const { calls } = serve();
    show();
    await screen.findByDisplayValue('示范科技有限公司', {}, WAIT);
    fireEvent.change(screen.getByTestId('sys-sysName'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('tab', { name: '上传设置' }));
    fireEvent.click(screen.getByTestId('sys-config-save'));
    await waitFor(
      () => expect(screen.getByRole('tab', { name: '基础设置' }).getAttribute('aria-selected')).toBe('true'),
      WAIT,
    );
    expect(await screen.findByText('请输入系统名称', {}, WAIT)).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'PUT')).toBe(false);
  });
});
