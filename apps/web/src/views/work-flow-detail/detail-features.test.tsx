import type { FormJson } from '@atrium/shared/forms';
import type { FlowRecord } from '@atrium/shared/workflow';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { printDevApi } from '../../api/print-dev.ts';
import * as api from '../../api/workflow.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { flowDetailLink } from '../../components/flow-status/detail-link.ts';
import i18n from '../../locales/index.ts';
import { mockFeedback } from '../../test/helpers.ts';
import WorkFlowDetailPage from './index.tsx';
import { printElement } from '../../components/print-preview/print-frame.ts';

vi.mock('../../api/workflow.ts', () => ({
  getFlowDetail: vi.fn(),
  getFlowTemplate: vi.fn(),
  getFlowTask: vi.fn(),
  getLaunchDelegators: vi.fn(),
  getCandidates: vi.fn(),
  getCandidateUsers: vi.fn(),
  getRejectTargets: vi.fn(),
  getRecordList: vi.fn(),
  getFlowViewCounts: vi.fn(),
  startFlow: vi.fn(),
  updateFlow: vi.fn(),
  handle: { approve: vi.fn(), reject: vi.fn(), saveDraft: vi.fn() },
  launch: { withdraw: vi.fn(), urge: vi.fn() },
  monitor: {},
  commentApi: { list: vi.fn(), create: vi.fn(), remove: vi.fn() },
}));
vi.mock('../../api/print-dev.ts', () => ({ printDevApi: { selector: vi.fn() } }));
// The print preview of a template is its own component (tested beside it): here, what it is given.
vi.mock('../../components/print-preview/index.ts', () => ({
  PrintPreview: (props: { templateId: string; formId: string; fullName: string }) => (
    <div data-testid="print-preview-stub">{`${props.templateId}|${props.formId}|${props.fullName}`}</div>
  ),
}));
// The upload widgets (tested beside them) answer one uploaded file each time their button is used.
vi.mock('../../components/upload/upload-fz.tsx', () => ({
  default: (props: { value: unknown[] | null; onChange: (v: unknown[]) => void }) => (
    <div>
      {(props.value ?? []).map((f, i) => (
        <span key={i}>{(f as { name: string }).name}</span>
      ))}
      <button
        type="button"
        onClick={() =>
          props.onChange([
            ...(props.value ?? []),
            { name: '合同.pdf', fileId: 'f1.pdf', fileSize: 10, fileExtension: 'pdf', url: '/api/file/f1?ticket=t' },
          ])
        }
      >
        stub-upload-file
      </button>
    </div>
  ),
}));
vi.mock('../../components/upload/upload-img.tsx', () => ({
  default: (props: { value: unknown[] | null; onChange: (v: unknown[]) => void }) => (
    <button
      type="button"
      onClick={() =>
        props.onChange([...(props.value ?? []), { name: '现场.png', fileId: 'i1.png', url: '/api/file/i1?ticket=t' }])
      }
    >
      stub-upload-image
    </button>
  ),
}));
vi.mock('../../components/flow-status/user-pick-field.tsx', () => ({
  UserPickField: (props: { value: { id: string; fullName: string }[]; onChange: (v: unknown[]) => void }) => (
    <div>
      {props.value.map((u) => u.fullName).join(',')}
      <button type="button" onClick={() => props.onChange([{ id: 'u-boss', fullName: '陈总' }])}>
        stub-pick-user
      </button>
    </div>
  ),
}));
vi.mock('../../components/print-preview/print-frame.ts', () => ({ printElement: vi.fn() }));

const mocked = vi.mocked(api, { deep: true });
const selector = vi.mocked(printDevApi.selector);
const WAIT = { timeout: 10_000 };
const OK = /确\s*定/;

const form: FormJson = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '事由', span: 24 }, __vModel__: 'reason' },
    { __config__: { jnpfKey: 'comInput', label: '审批备注', span: 24 }, __vModel__: 'remark' },
  ],
};

const record = (over: Partial<FlowRecord>): FlowRecord => ({
  id: 'r1',
  nodeId: 'start',
  nodeName: '开始',
  handleId: 'u1',
  userName: '张三/zhangsan',
  handleTime: new Date('2026-03-01T09:30:00').getTime(),
  handleStatus: 2,
  handleOpinion: '请审批',
  signImg: null,
  fileList: [],
  operatorId: null,
  targetUserNames: null,
  ...over,
});

const history = [
  record({}),
  record({
    id: 'r2',
    nodeId: 'n1',
    nodeName: '经理审批',
    handleId: 'u2',
    userName: '李四/lisi',
    handleStatus: 0,
    handleOpinion: '补发票',
    handleTime: new Date('2026-03-02T10:00:00').getTime(),
    fileList: [{ name: '退回说明.docx', fileId: 'f9.docx', url: '/api/file/Download/annex/f9.docx?ticket=a' }],
  }),
  record({ id: 'r3', handleTime: new Date('2026-03-03T08:00:00').getTime() }),
  record({
    id: 'r4',
    nodeId: 'n1',
    nodeName: '经理审批',
    handleId: 'u2',
    userName: '李四/lisi',
    handleStatus: 1,
    handleOpinion: '同意',
    handleTime: new Date('2026-03-03T09:00:00').getTime(),
  }),
];

function detail(overrides: Partial<api.FlowDetail> = {}): api.FlowDetail {
  return {
    flowTaskInfo: {
      id: 'task1',
      fullName: '张三的请假申请',
      enCode: 'QJ2026001',
      flowId: 'ver1',
      flowName: '请假',
      status: 1,
      flowUrgent: 1,
      creatorUserId: 'u1',
      userName: '张三/zhangsan',
      startTime: new Date('2026-03-01T09:30:00').getTime(),
      completion: 20,
      thisStep: '经理审批',
    },
    flowTaskNodeList: [],
    flowTaskOperatorList: [],
    flowTaskOperatorRecordList: history,
    flowTemplateInfo: { id: 'tpl1', fullName: '请假', flowType: 0, formType: 1 },
    flowFormInfo: { formType: 1, formId: 'model-1', formData: JSON.stringify(form) },
    formOperates: [
      { id: 'reason', read: true, write: false },
      { id: 'remark', read: true, write: true },
    ],
    approversProperties: { allowAttachments: true },
    formData: { reason: '回老家', remark: '' },
    draftData: null,
    noOperateAuth: false,
    ...overrides,
  };
}

function renderDetail(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/workFlowDetail', element: <WorkFlowDetailPage /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const todoPath = flowDetailLink({ id: 'task1', flowId: 'ver1', opType: 1, taskOperatorId: 'op1' });
const myPath = flowDetailLink({ id: 'task1', flowId: 'ver1', opType: 0 });

// Whole pages with the form runtime and antd: a cold run on a busy machine takes more than the default 5 s.
describe(
  '/workFlowDetail: attachments, summary, comments, printing, launching for someone',
  { timeout: 30_000 },
  () => {
    beforeEach(async () => {
      await i18n.changeLanguage('zh-CN');
      vi.clearAllMocks();
      mockFeedback();
      mocked.commentApi.list.mockResolvedValue([]);
      mocked.getLaunchDelegators.mockResolvedValue([]);
      mocked.getFlowViewCounts.mockResolvedValue({ toBeReviewed: 0, flowLaunch: 0, flowDone: 0, flowCirculate: 0 });
      mocked.getCandidates.mockResolvedValue({ type: 3, list: [], countersignOver: true });
    });

    it('S2-7-59 attaches files to an approval when the node allows it, sent as fileList', async () => {
      mocked.getFlowDetail.mockResolvedValue(detail());
      mocked.handle.approve.mockResolvedValue({ code: 200, msg: '审批成功', data: null });
      renderDetail(todoPath);
      await screen.findByTestId('flow-form', {}, WAIT);
      fireEvent.click(await screen.findByTestId('flow-action-approve', {}, WAIT));
      const dialog = await screen.findByTestId('flow-dialog-approve');
      fireEvent.click(await within(dialog).findByText('stub-upload-file', {}, WAIT));
      expect(within(dialog).getByText('合同.pdf')).toBeTruthy();
      fireEvent.change(within(dialog).getByTestId('flow-dialog-opinion'), { target: { value: '同意' } });
      fireEvent.click(within(document.body).getByRole('button', { name: OK }));
      await waitFor(() => expect(mocked.handle.approve).toHaveBeenCalledTimes(1));
      expect(mocked.handle.approve.mock.calls[0]![1]).toEqual({
        handleOpinion: '同意',
        formData: { remark: '' },
        fileList: [
          { name: '合同.pdf', fileId: 'f1.pdf', fileSize: 10, fileExtension: 'pdf', url: '/api/file/f1?ticket=t' },
        ],
      });
    });

    it('S2-7-61 offers attachments on a reject too, and none where the node does not allow them', async () => {
      mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: {} }));
      mocked.getRejectTargets.mockResolvedValue({ list: [{ nodeId: '0', nodeName: '发起人' }] });
      renderDetail(todoPath);
      fireEvent.click(await screen.findByTestId('flow-action-reject', {}, WAIT));
      const dialog = await screen.findByTestId('flow-dialog-reject');
      expect(within(dialog).getByTestId('flow-dialog-opinion')).toBeTruthy();
      expect(within(dialog).queryByTestId('flow-dialog-files')).toBeNull();
    });

    it('S2-3-43 S2-7-67 switches the records to the summary by node and by person, each record with its files', async () => {
      mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: null }));
      mocked.getRecordList.mockResolvedValue(history);
      renderDetail(myPath);
      fireEvent.click(await screen.findByRole('tab', { name: '审批记录' }, WAIT));
      const table = await screen.findByTestId('flow-records');
      // Every record of the timeline shows its files as download links.
      const returned = within(table).getByText('补发票').closest('tr')!;
      expect(within(returned).getByText('退回说明.docx').closest('a')!.getAttribute('href')).toBe(
        '/prod/api/file/Download/annex/f9.docx?ticket=a',
      );
      expect(mocked.getRecordList).not.toHaveBeenCalled();

      fireEvent.click(screen.getByText('按节点汇总'));
      const byNode = await screen.findByTestId('flow-record-summary-node', {}, WAIT);
      expect(mocked.getRecordList).toHaveBeenCalledWith('task1');
      const groups = within(byNode).getAllByTestId('flow-record-group');
      expect(groups.map((g) => g.querySelector('header')!.textContent)).toEqual([
        '开始提交 × 2',
        '经理审批退回 × 1同意 × 1',
      ]);
      // Grouped by node, a group's rows name the handler, not the node again.
      const managerRows = within(groups[1]!).getAllByRole('row').slice(1);
      expect(managerRows.map((r) => r.textContent)).toEqual([
        expect.stringContaining('李四/lisi2026-03-02 10:00退回补发票'),
        expect.stringContaining('李四/lisi2026-03-03 09:00同意同意'),
      ]);
      expect(within(groups[1]!).getByText('退回说明.docx')).toBeTruthy();

      fireEvent.click(screen.getByText('按人员汇总'));
      const byUser = await screen.findByTestId('flow-record-summary-user');
      expect(
        within(byUser)
          .getAllByTestId('flow-record-group')
          .map((g) => g.querySelector('header strong')!.textContent),
      ).toEqual(['张三/zhangsan', '李四/lisi']);

      fireEvent.click(screen.getByText('全部记录'));
      expect(await screen.findByTestId('flow-records')).toBeTruthy();
    });

    it('posts a comment with images and files, and shows those of every comment', async () => {
      mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: null }));
      mocked.commentApi.list.mockResolvedValue([
        {
          id: 'c1',
          taskId: 'task1',
          text: '发票见附件',
          image: [{ name: '发票.png', fileId: 'i9.png', url: '/api/file/Image/annexpic/i9.png?ticket=b' }],
          file: [{ name: '明细.xlsx', fileId: 'f7.xlsx', url: '/api/file/Download/annex/f7.xlsx?ticket=c' }],
          creatorUserId: 'u2',
          creatorUserName: '李四/lisi',
          creatorTime: new Date('2026-03-02T11:00:00').getTime(),
          isDel: false,
        },
      ]);
      mocked.commentApi.create.mockResolvedValue({ code: 200, msg: '新建成功', data: { id: 'c2' } });
      renderDetail(myPath);
      fireEvent.click(await screen.findByRole('tab', { name: '流程评论' }, WAIT));
      const comment = await screen.findByTestId('flow-comment', {}, WAIT);
      expect(within(comment).getByRole('img', { name: '发票.png' }).getAttribute('src')).toBe(
        '/prod/api/file/Image/annexpic/i9.png?ticket=b',
      );
      expect(within(comment).getByText('明细.xlsx').closest('a')!.getAttribute('href')).toBe(
        '/prod/api/file/Download/annex/f7.xlsx?ticket=c',
      );

      const box = screen.getByTestId('flow-comments');
      fireEvent.change(within(box).getByTestId('flow-comment-input'), { target: { value: '补充材料' } });
      fireEvent.click(within(box).getByTestId('flow-comment-add-images'));
      fireEvent.click(await within(box).findByText('stub-upload-image', {}, WAIT));
      fireEvent.click(await within(box).findByText('stub-upload-file', {}, WAIT));
      fireEvent.click(within(box).getByTestId('flow-comment-post'));
      await waitFor(() =>
        expect(mocked.commentApi.create).toHaveBeenCalledWith({
          taskId: 'task1',
          text: '补充材料',
          image: [{ name: '现场.png', fileId: 'i1.png', url: '/api/file/i1?ticket=t' }],
          file: [
            { name: '合同.pdf', fileId: 'f1.pdf', fileSize: 10, fileExtension: 'pdf', url: '/api/file/f1?ticket=t' },
          ],
        }),
      );
      // Posted: the box is empty again, its uploads gone.
      await waitFor(() =>
        expect((within(box).getByTestId('flow-comment-input') as HTMLTextAreaElement).value).toBe(''),
      );
      expect(within(box).queryByText('合同.pdf')).toBeNull();
    });

    it('prints the template the form names, filled with this instance, or the plain page when chosen', async () => {
      mocked.getFlowDetail.mockResolvedValue(
        detail({
          approversProperties: null,
          flowFormInfo: { formType: 1, formId: 'model-1', formData: JSON.stringify({ ...form, printId: 'p2,gone' }) },
        }),
      );
      selector.mockResolvedValue([
        {
          id: 'flow',
          fullName: '流程表单',
          enCode: 'flow',
          isCategory: true,
          children: [
            { id: 'p1', fullName: '其他单据', enCode: 'other' },
            { id: 'p2', fullName: '请假单', enCode: 'leave' },
          ],
        },
      ]);
      renderDetail(myPath);
      fireEvent.click(await screen.findByTestId('flow-action-print', {}, WAIT));
      const chooser = await screen.findByTestId('flow-print-choose', {}, WAIT);
      // Only the named template that still exists, and the plain page.
      expect(
        within(chooser)
          .getAllByRole('radio')
          .map((r) => r.closest('label')!.textContent),
      ).toEqual(['请假单', '表单与审批记录（不用模板）']);
      fireEvent.click(within(document.body).getByRole('button', { name: OK }));
      expect((await screen.findByTestId('print-preview-stub', {}, WAIT)).textContent).toBe('p2|task1|张三的请假申请');
    });

    it('prints the form and the records as a plain page when the flow names no template', async () => {
      mocked.getFlowDetail.mockResolvedValue(detail({ approversProperties: null }));
      renderDetail(myPath);
      await screen.findByTestId('flow-form', {}, WAIT);
      fireEvent.click(await screen.findByTestId('flow-action-print', {}, WAIT));
      const sheet = await screen.findByTestId('flow-print-sheet', {}, WAIT);
      expect(selector).not.toHaveBeenCalled();
      expect(sheet.querySelector('h1')!.textContent).toBe('张三的请假申请');
      expect(sheet.textContent).toContain('QJ2026001');
      expect(sheet.textContent).toContain('等待审核');
      // The form reads as text, not as inputs.
      const formPart = within(sheet).getByTestId('flow-form');
      expect(formPart.textContent).toContain('回老家');
      expect(formPart.querySelector('input')).toBeNull();
      const rows = within(within(sheet).getByTestId('flow-print-records')).getAllByRole('row');
      expect(rows).toHaveLength(history.length + 1);
      expect(rows[2]!.textContent).toContain('经理审批李四/lisi2026-03-02 10:00退回补发票附件: 退回说明.docx');

      fireEvent.click(screen.getByTestId('flow-print-go'));
      expect(printElement).toHaveBeenCalledWith(sheet, '张三的请假申请');
    });

    it('launches for someone who delegated launching, sent as delegateUserList', async () => {
      mocked.getFlowTemplate.mockResolvedValue({
        id: 'tpl1',
        fullName: '请假',
        formData: form,
      } as api.FlowTemplateInfo);
      mocked.startFlow.mockResolvedValue({ code: 200, msg: '提交成功', data: { id: 'task9' } });
      mocked.getLaunchDelegators.mockResolvedValue([{ id: 'u-boss', fullName: '陈总/chen' }]);
      renderDetail(flowDetailLink({ flowId: 'tpl1', opType: -1 }));
      const onBehalf = await screen.findByTestId('flow-on-behalf', {}, WAIT);
      expect(mocked.getLaunchDelegators).toHaveBeenCalledWith('tpl1');
      expect(onBehalf.textContent).toContain('本人');
      fireEvent.mouseDown(within(onBehalf).getByRole('combobox'));
      fireEvent.click(await screen.findByText('陈总/chen', {}, WAIT));
      expect(onBehalf.textContent).toContain('陈总/chen');
      fireEvent.change(await screen.findByLabelText('事由', {}, WAIT), { target: { value: '替陈总请假' } });
      fireEvent.click(screen.getByTestId('flow-submit'));
      await waitFor(() => expect(mocked.startFlow).toHaveBeenCalledTimes(1));
      expect(mocked.startFlow.mock.calls[0]![0]).toMatchObject({
        flowId: 'tpl1',
        status: 0,
        delegateUserList: ['u-boss'],
        formData: { reason: '替陈总请假' },
      });
    });

    it('offers no launching for others to someone nobody delegated launching to', async () => {
      mocked.getFlowTemplate.mockResolvedValue({
        id: 'tpl1',
        fullName: '请假',
        formData: form,
      } as api.FlowTemplateInfo);
      renderDetail(flowDetailLink({ flowId: 'tpl1', opType: -1 }));
      await screen.findByTestId('flow-launch', {}, WAIT);
      await waitFor(() => expect(mocked.getLaunchDelegators).toHaveBeenCalledWith('tpl1'));
      expect(screen.queryByTestId('flow-on-behalf')).toBeNull();
    });

    it('a draft opened again keeps its initiator: no launching for someone else', async () => {
      mocked.getFlowTemplate.mockResolvedValue({
        id: 'tpl1',
        fullName: '请假',
        formData: form,
      } as api.FlowTemplateInfo);
      mocked.getFlowTask.mockResolvedValue({ id: 'task3', flowId: 'tpl1', formData: { reason: '草稿' } });
      mocked.updateFlow.mockResolvedValue({ code: 200, msg: '保存成功', data: null });
      renderDetail(flowDetailLink({ id: 'task3', flowId: 'tpl1', opType: -1 }));
      await screen.findByTestId('flow-launch', {}, WAIT);
      expect(screen.queryByTestId('flow-on-behalf')).toBeNull();
      fireEvent.click(screen.getByTestId('flow-save-draft'));
      await waitFor(() => expect(mocked.updateFlow).toHaveBeenCalledTimes(1));
      expect(mocked.updateFlow.mock.calls[0]![1]).not.toHaveProperty('delegateUserList');
    });
  },
);
