import type { FormJson } from '@atrium/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printDevApi } from '../../api/print-dev.ts';
import type { FlowDetail } from '../../api/workflow.ts';
import { flowStatusKey, handleStatusKey } from '../../components/flow-status/status.ts';
import type { Values } from '../../components/form-runtime/index.ts';
import { printElement } from '../../components/print-preview/print-frame.ts';
import { namedTemplates } from '../../components/print-preview/templates.ts';
import { useSessionStore } from '../../stores/session.ts';
import { filesOf } from './attachments.tsx';
import { FlowFormView, type FlowForm } from './flow-form.tsx';
import styles from './work-flow-detail.module.css';

const PrintPreview = lazy(async () => ({
  default: (await import('../../components/print-preview/index.ts')).PrintPreview,
}));

/** The print templates the flow's form names (`printId`, one id or several separated by commas). */
export function boundPrintIds(design: FormJson | null): string[] {
  const ids = typeof design?.printId === 'string' ? design.printId.split(',') : [];
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

interface Props {
  detail: FlowDetail;
  design: FormJson | null;
  flowForm: FlowForm;
  values?: Values;
  onClose: () => void;
}

/** What the chooser picked: a print template, or the plain page of the form and its records. */
type Choice = { template: string } | 'sheet';

/**
 * The print button's dialog. The flow's form may name print templates: the user picks one and the
 * print preview fills it with this instance's data (`printDev/Data` with the instance as formId), or
 * picks the plain page. Without a template (or none of those named still enabled) the plain page of
 * the form and the records opens straight away.
 */
export function FlowPrint({ detail, design, flowForm, values, onClose }: Props) {
  const { t } = useTranslation();
  const ids = useMemo(() => boundPrintIds(design), [design]);
  const selector = useQuery({
    queryKey: ['workflow', 'print-templates'],
    queryFn: () => printDevApi.selector(),
    enabled: ids.length > 0,
  });
  const templates = useMemo(() => namedTemplates(selector.data ?? [], ids), [selector.data, ids]);
  const [picked, setPicked] = useState<string>('');
  const [choice, setChoice] = useState<Choice | null>(null);
  const info = detail.flowTaskInfo;

  if (ids.length && selector.isLoading)
    return <Modal open loading title={t('workflow.print.choose')} footer={null} onCancel={onClose} />;
  if (choice === 'sheet' || !templates.length)
    return <FlowPrintSheet detail={detail} design={design} flowForm={flowForm} values={values} onClose={onClose} />;
  if (choice)
    return (
      <Suspense fallback={null}>
        <PrintPreview open templateId={choice.template} formId={info.id} fullName={info.fullName} onClose={onClose} />
      </Suspense>
    );
  const current = picked || templates[0]!.id;
  return (
    <Modal
      open
      title={t('workflow.print.choose')}
      onCancel={onClose}
      onOk={() => setChoice(current === 'sheet' ? 'sheet' : { template: current })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      data-testid="flow-print-choose"
    >
      <Radio.Group
        value={current}
        onChange={(e) => setPicked(String(e.target.value))}
        className={styles.printChoices}
        options={[
          ...templates.map((tpl) => ({ value: tpl.id, label: tpl.fullName })),
          { value: 'sheet', label: t('workflow.print.plain') },
        ]}
      />
    </Modal>
  );
}

/**
 * The plain printout of an instance: its header, the form as read-only text and the approval
 * records, on a sheet that prints without the page around it.
 */
export function FlowPrintSheet({ detail, design, flowForm, values, onClose }: Props) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.userInfo);
  const sheet = useRef<HTMLDivElement>(null);
  const info = detail.flowTaskInfo;
  const statusKey = flowStatusKey(info.status);
  const time = (v: number | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
  const meta: [string, string][] = [
    [t('workflow.print.billNo'), info.enCode ?? ''],
    [t('workflow.col.flowName'), info.flowName ?? detail.flowTemplateInfo.fullName],
    [t('workflow.col.initiator'), info.userName ?? ''],
    [t('workflow.col.startTime'), time(info.startTime)],
    [t('workflow.col.status'), statusKey ? t(statusKey) : ''],
    [t('workflow.col.thisStep'), info.thisStep ?? ''],
  ];
  const records = detail.flowTaskOperatorRecordList ?? [];

  return (
    <Modal
      open
      title={t('workflow.print.sheetTitle')}
      width="100%"
      className={styles.printModal}
      onCancel={onClose}
      footer={
        <Space>
          <Button
            type="primary"
            onClick={() => sheet.current && printElement(sheet.current, info.fullName)}
            data-testid="flow-print-go"
          >
            {t('workflow.action.print')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      }
      data-testid="flow-print-sheet-dialog"
    >
      <div className={styles.printDesk}>
        <div ref={sheet} className={styles.printSheet} data-testid="flow-print-sheet">
          <h1 className={styles.printTitle}>{info.fullName}</h1>
          <table className={`${styles.printTable} ${styles.printMeta}`}>
            <colgroup>
              <col className={styles.printLabel} />
              <col />
              <col className={styles.printLabel} />
              <col />
            </colgroup>
            <tbody>
              {[0, 2, 4].map((i) => (
                <tr key={i}>
                  {meta
                    .slice(i, i + 2)
                    .map(([label, value]) => [
                      <th key={`${label}-l`}>{label}</th>,
                      <td key={`${label}-v`}>{value}</td>,
                    ])}
                </tr>
              ))}
            </tbody>
          </table>
          <h2 className={styles.printHeading}>{t('workflow.detail.form')}</h2>
          <FlowFormView flowForm={flowForm} design={design} values={values} readOnly />
          <h2 className={styles.printHeading}>{t('workflow.detail.records')}</h2>
          <table className={styles.printTable} data-testid="flow-print-records">
            <thead>
              <tr>
                <th>{t('workflow.record.nodeName')}</th>
                <th>{t('workflow.record.userName')}</th>
                <th>{t('workflow.record.handleTime')}</th>
                <th>{t('workflow.record.handleStatus')}</th>
                <th>{t('workflow.record.handleOpinion')}</th>
                <th>{t('workflow.record.signImg')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => {
                const key = handleStatusKey(r.handleStatus);
                const files = filesOf(r.fileList);
                return (
                  <tr key={r.id}>
                    <td>{r.nodeName}</td>
                    <td>{r.userName}</td>
                    <td>{time(r.handleTime)}</td>
                    <td>
                      {key ? t(key) : ''}
                      {r.targetUserNames && <div>{r.targetUserNames}</div>}
                    </td>
                    <td>
                      {r.handleOpinion}
                      {files.length > 0 && (
                        <div className={styles.printFiles}>
                          {t('workflow.record.fileList')}: {files.map((f) => f.name).join(', ')}
                        </div>
                      )}
                    </td>
                    <td>{r.signImg && <img src={r.signImg} alt="" className={styles.signImage} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className={styles.printFooter}>
            {t('workflow.print.printedBy', {
              user: user ? `${user.userName}/${user.userAccount}` : '',
              time: dayjs().format('YYYY-MM-DD HH:mm'),
            })}
          </p>
        </div>
      </div>
    </Modal>
  );
}
