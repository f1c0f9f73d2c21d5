import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import { decodeFlowDetailConfig, flowDetailLink } from './detail-link.ts';
import { FlowStatusTag, HandleStatusTag, UrgencyTag } from './flow-status.tsx';
import { detailConfigOf } from './list-kinds.ts';
import type { FlowListItem } from '@atrium/shared/workflow';

const textOf = (node: React.ReactElement) => {
  const { container, unmount } = render(node);
  const text = container.textContent;
  unmount();
  return text;
};

describe('flow status and urgency display', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  it('S1-9-10 S2-4-26 shows 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel', () => {
    expect([1, 2, 3, 4, 5].map((s) => textOf(<FlowStatusTag status={s} />))).toEqual([
      '等待审核',
      '审核通过',
      '审核驳回',
      '流程撤回',
      '审核终止',
    ]);
    // A code with no display shows nothing rather than a wrong status.
    expect(textOf(<FlowStatusTag status={42} />)).toBe('');
    expect(textOf(<FlowStatusTag status={null} />)).toBe('');
  });

  it('S1-9-11 S2-4-27 shows urgency 1 普通, 2 重要, 3 紧急 and anything else as normal', () => {
    expect([1, 2, 3, 0, 7, null, '2'].map((u) => textOf(<UrgencyTag value={u} />))).toEqual([
      '普通',
      '重要',
      '紧急',
      '普通',
      '普通',
      '普通',
      '普通',
    ]);
  });

  it('S1-9-11 follows the language', async () => {
    await i18n.changeLanguage('en-US');
    render(<UrgencyTag value={3} />);
    expect(screen.getByTestId('flow-urgency').textContent).toBe('Urgent');
  });

  it('S2-4-28 names what a record did: 0 returned ... 9 revived', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((h) => textOf(<HandleStatusTag code={h} />))).toEqual([
      '退回',
      '同意',
      '提交',
      '撤回',
      '终止',
      '指派',
      '加签',
      '转办',
      '变更',
      '复活',
    ]);
  });
});

describe('the /workFlowDetail config', () => {
  it('S1-2.1-12 round-trips a config through the link (base64 JSON, non-ASCII included)', () => {
    const config = { id: '任务1', flowId: 'f1', opType: 1, taskOperatorId: 'op1' };
    const link = flowDetailLink(config);
    expect(link.startsWith('/workFlowDetail?config=')).toBe(true);
    const encoded = new URL(link, 'http://x').searchParams.get('config');
    expect(decodeFlowDetailConfig(encoded)).toEqual({ ...config, taskNodeId: undefined, circulateId: undefined });
    // A flow message's body decodes alike (opType as text, taskId for the instance).
    const fromMessage = btoa(JSON.stringify({ taskId: 't9', flowId: 'v1', opType: '3', circulateId: 'c1' }));
    expect(decodeFlowDetailConfig(fromMessage)).toMatchObject({ id: 't9', opType: 3, circulateId: 'c1' });
  });

  it('S1-2.1-12 refuses a missing, broken or incomplete config', () => {
    expect(decodeFlowDetailConfig(null)).toBeNull();
    expect(decodeFlowDetailConfig('%%%not-base64')).toBeNull();
    expect(decodeFlowDetailConfig(btoa('not json'))).toBeNull();
    expect(decodeFlowDetailConfig(btoa('[1,2]'))).toBeNull();
    expect(decodeFlowDetailConfig(btoa(JSON.stringify({ flowId: 'f', opType: 9, id: 'i' })))).toBeNull();
    // Handling needs the instance; a launch needs the template.
    expect(decodeFlowDetailConfig(btoa(JSON.stringify({ flowId: 'f', opType: 1 })))).toBeNull();
    expect(decodeFlowDetailConfig(btoa(JSON.stringify({ opType: -1 })))).toBeNull();
    expect(decodeFlowDetailConfig(btoa(JSON.stringify({ flowId: 'tpl', opType: -1 })))).toMatchObject({
      flowId: 'tpl',
      opType: -1,
    });
  });

  it('builds the config of each list row for the view its list stands for', () => {
    const row = { id: 'row', taskId: 'task', flowId: 'ver', status: 1, thisStepId: 'n2' } as FlowListItem;
    expect(detailConfigOf('todo', row)).toEqual({
      id: 'task',
      flowId: 'ver',
      opType: 1,
      taskOperatorId: 'row',
      taskNodeId: 'n2',
    });
    expect(detailConfigOf('done', row)).toEqual({ id: 'task', flowId: 'ver', opType: 2, taskOperatorId: 'row' });
    expect(detailConfigOf('circulate', row)).toEqual({ id: 'task', flowId: 'ver', opType: 3, circulateId: 'row' });
    expect(detailConfigOf('launch', row)).toEqual({ id: 'row', flowId: 'ver', opType: 0 });
    expect(detailConfigOf('launch', { ...row, status: 0 })).toEqual({ id: 'row', flowId: 'ver', opType: -1 });
    expect(detailConfigOf('monitor', row)).toEqual({ id: 'task', flowId: 'ver', opType: 4 });
  });
});
