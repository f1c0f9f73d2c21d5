/** The toolbar: history, preview, import and export, clearing, and the design's problems. */
import type { FormJson } from '@atrium/shared/forms';
import {
  CheckCircleOutlined,
  ClearOutlined,
  EyeOutlined,
  ExportOutlined,
  ImportOutlined,
  RedoOutlined,
  UndoOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Badge, Button, Popconfirm, Popover, Tooltip } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useDesigner, useDesignerStore } from './context.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import type { DesignProblem } from '@atrium/shared/forms';
import { problemNode } from './problems.ts';
import { downloadDesign, readDesignFile } from './transfer.ts';
import styles from './form-designer.module.css';

function Tool({
  title,
  icon,
  onClick,
  disabled,
  testId,
}: {
  title: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Tooltip title={title}>
      <Button type="text" icon={icon} onClick={onClick} disabled={disabled} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
}

export function Toolbar({ problems }: { problems: DesignProblem[] }) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const canUndo = useDesigner((s) => s.past.length > 0);
  const canRedo = useDesigner((s) => s.future.length > 0);
  const empty = useDesigner((s) => s.doc.rootIds.length === 0);
  const [preview, setPreview] = useState<FormJson | null>(null);
  const [problemsOpen, setProblemsOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    // A file the browser cannot read is as unusable as one that is no JSON.
    const result = await readDesignFile(file).catch(() => ({ ok: false as const, reason: 'notJson' }));
    if (!result.ok) {
      const reason = t(`formDesigner.transfer.reasons.${result.reason}`);
      feedback().message.error(t('formDesigner.transfer.importFailed', { reason }));
      return;
    }
    store.getState().replace(result.form);
    feedback().message.success(t('formDesigner.transfer.imported'));
  };

  const exportFile = () => {
    downloadDesign(store.getState().toFormJson());
  };

  const clear = () => {
    const { doc, replace } = store.getState();
    replace({ ...structuredClone(doc.settings), fields: [] });
  };

  const goTo = (problem: DesignProblem) => {
    const { doc, select } = store.getState();
    const id = problemNode(doc, problem);
    select(id);
    setProblemsOpen(false);
  };

  const problemList = (
    <div style={{ maxWidth: 360, maxHeight: 320, overflowY: 'auto' }} data-testid="fd-problem-list">
      {problems.map((p, i) => (
        <button key={i} type="button" className={styles.problemItem} onClick={() => goTo(p)}>
          <WarningOutlined style={{ color: 'var(--ant-color-warning)', marginRight: 6 }} />
          {p.message}
        </button>
      ))}
    </div>
  );

  return (
    <div className={styles.toolbar} role="toolbar">
      <Tool
        title={`${t('formDesigner.toolbar.undo')} (Ctrl+Z)`}
        icon={<UndoOutlined />}
        disabled={!canUndo}
        onClick={() => store.getState().undo()}
        testId="fd-undo"
      />
      <Tool
        title={`${t('formDesigner.toolbar.redo')} (Ctrl+Shift+Z)`}
        icon={<RedoOutlined />}
        disabled={!canRedo}
        onClick={() => store.getState().redo()}
        testId="fd-redo"
      />
      <span className={styles.toolbarDivider} />
      <Popconfirm title={t('formDesigner.toolbar.clearConfirm')} onConfirm={clear} disabled={empty}>
        <span>
          <Tool title={t('formDesigner.toolbar.clear')} icon={<ClearOutlined />} disabled={empty} testId="fd-clear" />
        </span>
      </Popconfirm>
      <Tool
        title={t('formDesigner.toolbar.import')}
        icon={<ImportOutlined />}
        onClick={() => fileInput.current?.click()}
        testId="fd-import"
      />
      <Tool
        title={t('formDesigner.toolbar.export')}
        icon={<ExportOutlined />}
        onClick={exportFile}
        testId="fd-export"
      />
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="fd-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so the same file can be chosen again after fixing it.
          e.target.value = '';
          void importFile(file);
        }}
      />
      <span className={styles.toolbarSpacer} />
      {problems.length ? (
        <Popover
          open={problemsOpen}
          onOpenChange={setProblemsOpen}
          trigger="click"
          placement="bottomRight"
          title={t('formDesigner.toolbar.problemsTitle')}
          content={problemList}
        >
          <Button type="text" danger data-testid="fd-problems">
            <Badge count={problems.length} size="small" offset={[6, -2]}>
              <WarningOutlined style={{ color: 'var(--ant-color-error)' }} />
            </Badge>
            <span style={{ marginLeft: 8 }}>{t('formDesigner.toolbar.problems', { count: problems.length })}</span>
          </Button>
        </Popover>
      ) : (
        <Button type="text" disabled icon={<CheckCircleOutlined style={{ color: 'var(--ant-color-success)' }} />}>
          {t('formDesigner.toolbar.noProblems')}
        </Button>
      )}
      <span className={styles.toolbarDivider} />
      <Button
        type="primary"
        ghost
        icon={<EyeOutlined />}
        onClick={() => setPreview(store.getState().toFormJson())}
        data-testid="fd-preview"
      >
        {t('formDesigner.toolbar.preview')}
      </Button>
      <PreviewDialog form={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
