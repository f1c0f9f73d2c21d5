/**
 * The form designer: palette, canvas and property panel over one store per instance. The host
 * gives the starting design and hears every committed change as a whole FormJson; it remounts
 * the designer (a new `key`) to load another design.
 */
import {
  DesignFormatError,
  FORM_SCHEMA_VERSION,
  migrateFormDesign,
  type FormJson,
  type JnpfKey,
} from '@atrium/shared/forms';
import { Alert } from 'antd';
import i18n from 'i18next';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore } from 'zustand/vanilla';
import { Canvas } from './canvas.tsx';
import { DesignerProvider, ProblemProvider, useDesigner, type ProblemStore } from './context.tsx';
import { DesignerDnd, type DragSource, type DropPlan, type DropSpot } from './dnd/index.ts';
import { planDrop } from './drop-plan.ts';
import { KindIcon } from './kinds.tsx';
import { Palette } from './palette.tsx';
import { checkFormDesign, problemNode } from './problems.ts';
import { PropertyPanel } from './property-panel.tsx';
import { createDesignerStore, type DesignerStore } from './store.ts';
import { Toolbar } from './toolbar.tsx';
import { kindKey, toFormJson } from './tree.ts';
import styles from './form-designer.module.css';

export interface FormDesignerProps {
  value: FormJson;
  onChange: (form: FormJson) => void;
  height?: number | string;
}

/** Wording of new fields, in the language in use when the field is added. */
const newFieldText = (kind: JnpfKey) => ({
  label: i18n.t(`formDesigner.kinds.${kind}`),
  option: (n: number) => i18n.t('formDesigner.newField.option', { n }),
  item: (n: number) =>
    i18n.t(kind === 'collapse' ? 'formDesigner.newField.panel' : 'formDesigner.newField.item', { n }),
});

/** The starting design, upgraded; a design that cannot be read starts empty and says why. */
function initialDesign(value: FormJson): { form: FormJson; error?: string } {
  try {
    return { form: migrateFormDesign(value) };
  } catch (e) {
    if (!(e instanceof DesignFormatError)) throw e;
    return { form: { fields: [], schemaVersion: FORM_SCHEMA_VERSION }, error: e.reason };
  }
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    !!target.closest('[role="combobox"]'));

/** Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y and Delete, unless the user is typing (an input keeps its own undo). */
function useShortcuts(store: DesignerStore, root: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isEditable(e.target)) return;
      // Keys meant for another part of the page (a dialog, another designer) are not ours.
      const target = e.target as Node | null;
      if (target && target !== document.body && !root.current?.contains(target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      const state = store.getState();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) state.redo();
        else state.undo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        state.redo();
      } else if (e.key === 'Delete' && state.selectedId) {
        e.preventDefault();
        state.remove(state.selectedId);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, root]);
}

/** The chip that follows the pointer while dragging. */
function DragChip({ source }: { source: DragSource }) {
  const { t } = useTranslation();
  const kind = useDesigner((s) =>
    source.type === 'palette'
      ? source.kind
      : kindKey(s.doc.nodes[source.id]?.field ?? { __config__: { jnpfKey: 'comInput' } }),
  );
  const label = useDesigner((s) =>
    source.type === 'node' ? s.doc.nodes[source.id]?.field.__config__.label : undefined,
  );
  return (
    <div className={styles.dragChip}>
      <KindIcon kind={kind} />
      {label || t(`formDesigner.kinds.${kind}`, { defaultValue: kind })}
    </div>
  );
}

/** Live problems of the design: the list for the toolbar, the ids for the canvas markers. */
function useProblems(store: DesignerStore, problemStore: ProblemStore) {
  const { i18n: instance } = useTranslation();
  const doc = useDeferredValue(useDesigner((s) => s.doc));
  const problems = useMemo(() => checkFormDesign(toFormJson(doc), instance.language), [doc, instance.language]);
  useEffect(() => {
    const ids = new Set<string>();
    for (const problem of problems) {
      const id = problemNode(store.getState().doc, problem);
      if (id) ids.add(id);
    }
    problemStore.setState({ ids });
  }, [problems, store, problemStore]);
  return problems;
}

function DesignerBody({ store, problemStore }: { store: DesignerStore; problemStore: ProblemStore }) {
  const problems = useProblems(store, problemStore);
  const plan = (source: DragSource, spot: DropSpot) => planDrop(store.getState().doc, source, spot);
  const onDrop = (source: DragSource, at: DropPlan) => {
    const state = store.getState();
    if (source.type === 'palette') state.add(source.kind as JnpfKey, at.parentId, at.index);
    else state.move(source.id, at.parentId, at.index);
  };
  return (
    <DesignerDnd plan={plan} onDrop={onDrop} overlay={(source) => <DragChip source={source} />}>
      <Toolbar problems={problems} />
      <div className={styles.body}>
        <aside className={styles.palette} data-testid="fd-palette">
          <Palette />
        </aside>
        <main className={styles.canvasWrap}>
          <Canvas />
        </main>
        <aside className={styles.panel} data-testid="fd-panel">
          <PropertyPanel />
        </aside>
      </div>
    </DesignerDnd>
  );
}

export function FormDesigner({ value, onChange, height = '100%' }: FormDesignerProps) {
  const { t } = useTranslation();
  const [{ store, error, problemStore }] = useState(() => {
    const start = initialDesign(value);
    return {
      store: createDesignerStore(start.form, { text: newFieldText }),
      error: start.error,
      problemStore: createStore<{ ids: ReadonlySet<string> }>()(() => ({ ids: new Set<string>() })),
    };
  });
  const root = useRef<HTMLDivElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // Every committed command (undo and redo included) changes the design object, and only they do.
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.doc !== previous.doc) changed.current(state.toFormJson());
      }),
    [store],
  );
  useShortcuts(store, root);

  const style: CSSProperties = { height };
  return (
    <div ref={root} className={styles.designer} style={style} data-testid="form-designer">
      {error && (
        <Alert
          type="error"
          banner
          title={t('formDesigner.transfer.importFailed', { reason: t(`formDesigner.transfer.reasons.${error}`) })}
        />
      )}
      <DesignerProvider value={store}>
        <ProblemProvider value={problemStore}>
          <DesignerBody store={store} problemStore={problemStore} />
        </ProblemProvider>
      </DesignerProvider>
    </div>
  );
}
