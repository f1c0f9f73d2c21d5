/**
 * The flow designer: a toolbar, the node tree and the live list of publish problems, over one store
 * per instance. The host gives the starting tree and the bound form's design and hears every
 * committed change as a whole tree; it remounts the designer (a new `key`) to load another tree.
 */
import {
  CheckCircleOutlined,
  RedoOutlined,
  UndoOutlined,
  WarningOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { dataFields, toFormLang, type FormJson } from '@atrium/shared/forms';
import { validateFlowTree, type FlowNode, type FlowProblem } from '@atrium/shared/workflow';
import { Badge, Button, Tooltip } from 'antd';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Canvas } from './canvas.tsx';
import { FlowEnvProvider, FlowStoreProvider, useFlow, useFlowStore, type FlowEnv } from './context.tsx';
import { PropertyDrawer } from './property-drawer.tsx';
import { createFlowDesignerStore, type FlowDesignerStore } from './store.ts';
import styles from './flow-designer.module.css';

export interface FlowDesignerProps {
  value: FlowNode;
  onChange: (root: FlowNode) => void;
  /** The bound form's design: its fields feed the pickers, the permissions and the checks. */
  form?: FormJson | null;
  /** The template's code: a sub-flow may not start the template itself. */
  templateCode?: string;
  height?: number | string;
}

const ZOOMS = [0.5, 0.75, 0.9, 1, 1.1, 1.25, 1.5];

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    !!target.closest('[role="combobox"]'));

/** Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y inside the designer, unless the user is typing. */
function useShortcuts(store: FlowDesignerStore, root: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isEditable(e.target) || !(e.ctrlKey || e.metaKey)) return;
      const target = e.target as Node | null;
      if (target && target !== document.body && !root.current?.contains(target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && e.shiftKey) store.getState().redo();
      else if (key === 'z') store.getState().undo();
      else if (key === 'y') store.getState().redo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, root]);
}

function Tool({
  title,
  icon,
  onClick,
  disabled,
  testId,
}: {
  title: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={title}>
      <Button type="text" icon={icon} onClick={onClick} disabled={disabled} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
}

function Toolbar(props: {
  zoom: number;
  setZoom: (zoom: number) => void;
  problems: number;
  showProblems: boolean;
  toggleProblems: () => void;
}) {
  const { t } = useTranslation();
  const store = useFlowStore();
  const canUndo = useFlow((s) => s.past.length > 0);
  const canRedo = useFlow((s) => s.future.length > 0);
  const at = ZOOMS.indexOf(props.zoom);
  return (
    <div className={styles.toolbar} role="toolbar">
      <Tool
        title={`${t('flowDesigner.undo')} (Ctrl+Z)`}
        icon={<UndoOutlined />}
        disabled={!canUndo}
        onClick={() => store.getState().undo()}
        testId="flow-undo"
      />
      <Tool
        title={`${t('flowDesigner.redo')} (Ctrl+Y)`}
        icon={<RedoOutlined />}
        disabled={!canRedo}
        onClick={() => store.getState().redo()}
        testId="flow-redo"
      />
      <Tool
        title={t('flowDesigner.zoomOut')}
        icon={<ZoomOutOutlined />}
        disabled={at <= 0}
        onClick={() => props.setZoom(ZOOMS[at - 1]!)}
        testId="flow-zoom-out"
      />
      <span className={styles.zoom}>{Math.round(props.zoom * 100)}%</span>
      <Tool
        title={t('flowDesigner.zoomIn')}
        icon={<ZoomInOutlined />}
        disabled={at >= ZOOMS.length - 1}
        onClick={() => props.setZoom(ZOOMS[at + 1]!)}
        testId="flow-zoom-in"
      />
      <span className={styles.spacer} />
      <Button
        type={props.showProblems ? 'default' : 'text'}
        danger={props.problems > 0}
        icon={props.problems ? <WarningOutlined /> : <CheckCircleOutlined />}
        onClick={props.toggleProblems}
        data-testid="flow-problems-toggle"
      >
        {t('flowDesigner.problems')}
        <Badge count={props.problems} size="small" style={{ marginLeft: 4 }} />
      </Button>
    </div>
  );
}

function ProblemsPanel({ problems }: { problems: FlowProblem[] }) {
  const { t } = useTranslation();
  const store = useFlowStore();
  return (
    <aside className={styles.problems} data-testid="flow-problems">
      <div className={styles.problemsTitle}>{t('flowDesigner.problemsTitle', { n: problems.length })}</div>
      {problems.length === 0 && <div className={styles.noProblems}>{t('flowDesigner.noProblems')}</div>}
      {problems.map((problem, i) => (
        <button
          key={`${problem.nodeId}-${problem.key}-${i}`}
          type="button"
          className={styles.problemItem}
          onClick={() => problem.nodeId && store.getState().select(problem.nodeId)}
          data-testid="flow-problem"
        >
          <WarningOutlined className={styles.problemIcon} />
          <span>{problem.message}</span>
        </button>
      ))}
    </aside>
  );
}

/** The problems of the tree of the moment, checked against the bound form's fields. */
function useProblems(env: Omit<FlowEnv, 'problemIds'>, form: FormJson | null | undefined) {
  const root = useDeferredValue(useFlow((s) => s.root));
  return useMemo(
    () =>
      validateFlowTree(root, {
        formFields: form ? env.fields.map((f) => f.key) : undefined,
        templateCode: env.templateCode,
        lang: env.lang,
      }),
    [root, env, form],
  );
}

function DesignerBody({ base, form }: { base: Omit<FlowEnv, 'problemIds'>; form: FormJson | null | undefined }) {
  const problems = useProblems(base, form);
  const [zoom, setZoom] = useState(1);
  const [showProblems, setShowProblems] = useState(true);
  const env = useMemo<FlowEnv>(
    () => ({ ...base, problemIds: new Set(problems.flatMap((p) => (p.nodeId ? [p.nodeId] : []))) }),
    [base, problems],
  );
  return (
    <FlowEnvProvider value={env}>
      <Toolbar
        zoom={zoom}
        setZoom={setZoom}
        problems={problems.length}
        showProblems={showProblems}
        toggleProblems={() => setShowProblems((v) => !v)}
      />
      <div className={styles.body}>
        <Canvas zoom={zoom} />
        {showProblems && <ProblemsPanel problems={problems} />}
      </div>
      <PropertyDrawer />
    </FlowEnvProvider>
  );
}

export function FlowDesigner({ value, onChange, form, templateCode, height = '100%' }: FlowDesignerProps) {
  const { i18n } = useTranslation();
  const lang = toFormLang(i18n.language);
  const [store] = useState(() => createFlowDesignerStore(value, { lang }));
  const root = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // Every committed command (undo and redo included) changes the tree object, and only they do.
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.root !== previous.root) changed.current(state.root);
      }),
    [store],
  );
  useShortcuts(store, root);

  const base = useMemo(() => {
    const fields = form ? [...dataFields(form).values()] : [];
    const fieldLabels = Object.fromEntries(fields.map((f) => [f.key, f.field.__config__.label || f.key]));
    return { fields, fieldLabels, templateCode, lang };
  }, [form, templateCode, lang]);

  const style: CSSProperties = { height };
  return (
    <div ref={root} className={styles.designer} style={style} data-testid="flow-designer">
      <FlowStoreProvider value={store}>
        <DesignerBody base={base} form={form} />
      </FlowStoreProvider>
    </div>
  );
}
