import { describe, expect, it } from 'vitest';
import { canonicalLanguage, systemLanguageBody } from '../modules/permission/current-schema.ts';
import { logText, operationText, outcomesMatching, statusOf } from './log-text.ts';
import { pickLanguage } from './messages.ts';

const op = (method: string, url: string, status: number, abstracts = '') => ({
  category: 5,
  abstracts,
  request_method: method,
  request_url: url,
  status,
});

describe('system log text in the reader language', () => {
  it('sign-in outcomes read in each language; an unknown code shows as stored', () => {
    const row = {
      category: 1,
      abstracts: 'bad-credentials',
      request_method: 'POST',
      request_url: '/api/oauth/Login',
      status: 0,
    };
    expect(logText(row, 'zh-CN')).toBe('登录失败：账号或密码错误');
    expect(logText(row, 'zh-TW')).toBe('登入失敗：帳號或密碼錯誤');
    expect(logText(row, 'en-US')).toBe('Sign-in failed: wrong account or password');
    expect(logText({ ...row, abstracts: 'success' }, 'en-US')).toBe('Signed in');
    expect(logText({ ...row, abstracts: 'something-new' }, 'en-US')).toBe('something-new');
  });

  it('operations read as an action on a thing, with their own words where they have them', () => {
    expect(operationText('PUT', '/api/permission/Users/Current/BaseInfo', 'zh-CN')).toBe('修改个人信息');
    expect(operationText('PUT', '/api/permission/Users/Current/BaseInfo', 'en-US')).toBe('Update personal information');
    expect(operationText('POST', '/api/permission/Users', 'zh-TW')).toBe('新建使用者');
    expect(operationText('DELETE', '/api/system/Menu/:id', 'en-US')).toBe('Delete menu');
    expect(operationText('PUT', '/api/permission/Role/:id/Actions/State', 'zh-CN')).toBe('启用或禁用角色');
    expect(operationText('POST', '/api/permission/Organize/Department', 'en-US')).toBe('Create department');
    expect(operationText('POST', '/api/permission/Users/getSelectedList', 'en-US')).toBe('Look up user');
    expect(operationText('POST', '/api/message/MessageTemplateConfig/copy/:id', 'zh-CN')).toBe('复制消息模板');
    // A route the tables do not know yet still says what was done, and where.
    expect(operationText('POST', '/api/workflow/Engine', 'en-US')).toBe('Create /api/workflow/Engine');
    expect(operationText('POST', '/api/workflow/Engine', 'zh-CN')).toBe('新建 /api/workflow/Engine');
  });

  it('a failed operation says so; rows older than the status column take it from their text', () => {
    expect(logText(op('PUT', '/api/system/Menu/:id', 403), 'zh-CN')).toBe('修改菜单（失败）');
    expect(logText(op('PUT', '/api/system/Menu/:id', 200), 'en-US')).toBe('Update menu');
    const old = op('PUT', '/api/permission/Users/Current/BaseInfo', 0, 'Change my base information (400)');
    expect(statusOf(old)).toBe(400);
    expect(logText(old, 'en-US')).toBe('Update personal information (failed)');
    expect(logText({ ...old, abstracts: 'Change my base information (200)' }, 'zh-TW')).toBe('修改個人資料');
  });

  it('the keyword search finds outcomes by their text in the reader language', () => {
    expect(outcomesMatching('锁定', 'zh-CN')).toEqual(['locked']);
    expect(outcomesMatching('FAIL', 'en-US')).toEqual(['bad-credentials']);
  });
});

describe('language codes', () => {
  it('S1-9-06 the short codes zh, zhtw and en are aliases of zh-CN, zh-TW and en-US', () => {
    expect(canonicalLanguage('zh')).toBe('zh-CN');
    expect(canonicalLanguage('zhtw')).toBe('zh-TW');
    expect(canonicalLanguage('en')).toBe('en-US');
    expect(canonicalLanguage('ZH_tw')).toBe('zh-TW');
    expect(canonicalLanguage('en-US')).toBe('en-US');
    expect(canonicalLanguage('fr')).toBeUndefined();
    expect(systemLanguageBody.parse({ language: 'zhtw' })).toEqual({ language: 'zh-TW' });
    expect(systemLanguageBody.safeParse({ language: 'de' }).success).toBe(false);
    // Headers and stored preferences take the same codes.
    expect(pickLanguage('en')).toBe('en-US');
    expect(pickLanguage('zhtw')).toBe('zh-TW');
    expect(pickLanguage('zh')).toBe('zh-CN');
    expect(pickLanguage(undefined, 'zhtw')).toBe('zh-TW');
    expect(pickLanguage('fr;q=0.9, en;q=0.8')).toBe('en-US');
  });
});
