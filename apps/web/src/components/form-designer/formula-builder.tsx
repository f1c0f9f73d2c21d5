/**
 * The formula of a calculated field: readable in the property panel, built in a dialog from the
 * form's number fields and the operators, checked as it is typed and tried on sample values.
 */
import { compileExpression, type FormulaProblem } from '@atrium/shared/forms';
import { FunctionOutlined } from '@ant-design/icons';
import { Alert, Button, Input, InputNumber, Modal, Typography, type GetRef } from 'antd';
import type { TFunction } from 'i18next';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner } from './context.tsx';
import {
  builderText,
  formulaScopeOf,
  readableFormula,
  readFormulaText,
  type FormulaField,
  type FormulaScope,
  type FormulaTextFault,
} from './formula.ts';
import { enclosingTable, toFormJson, type NodeId } from './tree.ts';
import styles from './form-designer.module.css';

/** The operator buttons: what each shows, and what it writes. */
const OPERATORS: Array<{ shown: string; text: string }> = [
  { shown: '+', text: '+' },
  { shown: '−', text: '-' },
  { shown: '×', text: '×' },
  { shown: '÷', text: '÷' },
  { shown: '(', text: '(' },
  { shown: ')', text: ')' },
];

/** A fault of the builder's text in words; positions count from 1, as people count characters. */
function faultMessage(t: TFunction, fault: FormulaTextFault, text: string): string {
  const key = (k: FormulaProblem | FormulaTextFault['kind']) => `formDesigner.formula.errors.${k}`;
  switch (fault.kind) {
    case 'bracket':
      return t(key('bracket'), { at: fault.at + 1 });
    case 'unknownField':
      return t(key('unknownField'), { name: fault.name });
    case 'self':
      return t(key('self'));
    case 'syntax': {
      const at = fault.at ?? text.length;
      return t(key(fault.problem), { at: at + 1, char: text[at] ?? '' });
    }
  }
}

export interface FormulaBuilderProps {
  /** The calculated field's label, for the title. */
  label: string;
  /** The saved expression: text or a list of items. */
  expression: unknown;
  scope: FormulaScope;
  onSave: (expression: string) => void;
  onClose: () => void;
}

/** The dialog; mounted while open, so each opening starts from the saved expression. */
export function FormulaBuilder({ label, expression, scope, onSave, onClose }: FormulaBuilderProps) {
  const { t } = useTranslation();
  const [initial] = useState(() => builderText(expression, scope));
  const [text, setText] = useState(initial);
  const [samples, setSamples] = useState<Record<string, number | null>>({});
  const input = useRef<GetRef<typeof Input.TextArea>>(null);
  // Where the next insertion goes; kept from the last edit or selection, as a click elsewhere blurs.
  const caret = useRef({ start: initial.length, end: initial.length });
  const pendingCaret = useRef<number | null>(null);

  const reading = useMemo(() => readFormulaText(text, scope), [text, scope]);
  const result = useMemo(() => {
    if (reading.fault) return null;
    return compileExpression(reading.expression, () => {}).evaluate((name) => samples[name] ?? undefined);
  }, [reading, samples]);

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    const element = input.current?.resizableTextArea?.textArea;
    if (at === null || !element) return;
    pendingCaret.current = null;
    element.setSelectionRange(at, at);
    element.focus();
  }, [text]);

  const remember = (element: HTMLTextAreaElement) => {
    caret.current = { start: element.selectionStart, end: element.selectionEnd };
  };

  /** Puts a piece at the caret (over the selection), spaced from what precedes and follows it. */
  const insert = (piece: string, space: { before: boolean; after: boolean }) => {
    const { start, end } = caret.current;
    const before = text.slice(0, Math.min(start, text.length));
    const after = text.slice(Math.min(end, text.length));
    const lead = space.before && before !== '' && !/[\s(]$/.test(before) ? ' ' : '';
    const trail = space.after && !/^\s/.test(after) ? ' ' : '';
    const written = `${lead}${piece}${trail}`;
    const at = before.length + written.length;
    setText(before + written + after);
    caret.current = { start: at, end: at };
    pendingCaret.current = at;
  };
  const insertField = (field: FormulaField) => insert(`[${field.label}]`, { before: true, after: false });
  const insertOperator = (op: string) => insert(op, { before: op !== ')', after: op !== '(' && op !== ')' });

  const save = () => {
    // An expression opened and left alone stays as it was saved (a list stays a list).
    if (text === initial) onClose();
    else onSave(reading.expression);
  };

  const main = scope.offered.filter((f) => f.table === undefined);
  const fieldButton = (field: FormulaField) => (
    <button
      key={field.ref}
      type="button"
      className={styles.formulaField}
      onClick={() => insertField(field)}
      data-testid={`fd-formula-field-${field.ref}`}
    >
      {field.label}
    </button>
  );

  return (
    <Modal
      open
      width={920}
      title={t('formDesigner.formula.title', { label })}
      okText={t('formDesigner.formula.save')}
      cancelText={t('formDesigner.formula.cancel')}
      okButtonProps={{ disabled: !!reading.fault, 'data-testid': 'fd-formula-save' }}
      onOk={save}
      onCancel={onClose}
      centered
    >
      <div className={styles.formula} data-testid="fd-formula-builder">
        <aside className={styles.formulaFields} aria-label={t('formDesigner.formula.fields')}>
          {main.length > 0 && <div className={styles.formulaGroup}>{t('formDesigner.formula.mainForm')}</div>}
          {main.map(fieldButton)}
          {scope.tables.map((table) => (
            <div key={table.name}>
              <div className={styles.formulaGroup}>{table.label}</div>
              {scope.offered.filter((f) => f.table === table.name).map(fieldButton)}
            </div>
          ))}
          {scope.offered.length === 0 && (
            <Typography.Text type="secondary">{t('formDesigner.formula.noFields')}</Typography.Text>
          )}
        </aside>
        <section className={styles.formulaMain}>
          <div className={styles.formulaOperators}>
            {OPERATORS.map((op) => (
              <Button key={op.shown} onClick={() => insertOperator(op.text)} aria-label={op.shown}>
                {op.shown}
              </Button>
            ))}
          </div>
          <Input.TextArea
            ref={input}
            className={styles.formulaInput}
            value={text}
            aria-label={t('formDesigner.formula.input')}
            placeholder={t('formDesigner.formula.placeholder')}
            autoSize={{ minRows: 3, maxRows: 8 }}
            spellCheck={false}
            status={reading.fault ? 'error' : undefined}
            data-testid="fd-formula-input"
            onChange={(e) => {
              setText(e.target.value);
              remember(e.target);
            }}
            onSelect={(e) => remember(e.currentTarget)}
            onKeyUp={(e) => remember(e.currentTarget)}
            onClick={(e) => remember(e.currentTarget)}
          />
          <Typography.Text type="secondary" className={styles.formulaHint}>
            {t('formDesigner.formula.hint')}
          </Typography.Text>
          <Alert
            showIcon
            type={reading.fault ? 'error' : 'success'}
            title={reading.fault ? faultMessage(t, reading.fault, text) : t('formDesigner.formula.valid')}
            data-testid="fd-formula-check"
          />
          <div className={styles.formulaTest}>
            <div className={styles.formulaGroup}>{t('formDesigner.formula.testRun')}</div>
            <Typography.Text type="secondary" className={styles.formulaHint}>
              {t('formDesigner.formula.testHint')}
            </Typography.Text>
            {reading.refs.length === 0 && !reading.fault && (
              <Typography.Text type="secondary">{t('formDesigner.formula.noRefs')}</Typography.Text>
            )}
            <div className={styles.formulaSamples}>
              {reading.refs.map((ref) => {
                const shown = scope.byRef.get(ref)?.label ?? ref;
                return (
                  <label key={ref} className={styles.formulaSample}>
                    <span>{shown}</span>
                    <InputNumber
                      aria-label={shown}
                      value={samples[ref] ?? null}
                      onChange={(v) => setSamples((s) => ({ ...s, [ref]: typeof v === 'number' ? v : null }))}
                    />
                  </label>
                );
              })}
            </div>
            <div className={styles.formulaResult} data-testid="fd-formula-result">
              {t('formDesigner.formula.result')}
              <strong>{result === null ? '—' : String(result)}</strong>
            </div>
          </div>
        </section>
      </div>
    </Modal>
  );
}

/** The expression property: the formula in words, and the button that opens the builder. */
export function FormulaProperty({
  nodeId,
  value,
  onChange,
}: {
  nodeId: NodeId;
  value: unknown;
  onChange: (expression: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const doc = useDesigner((s) => s.doc);
  const node = doc.nodes[nodeId];
  const scope = useMemo(
    () =>
      formulaScopeOf(toFormJson(doc), {
        name: node?.field.__vModel__,
        table: (node && enclosingTable(doc, node.parentId)) || undefined,
      }),
    [doc, node],
  );
  const readable = readableFormula(value, scope);
  return (
    <div className={styles.formulaProperty}>
      <div className={styles.formulaReadable} data-testid="fd-formula-text">
        {readable || <Typography.Text type="secondary">{t('formDesigner.formula.none')}</Typography.Text>}
      </div>
      <Button size="small" icon={<FunctionOutlined />} onClick={() => setOpen(true)} data-testid="fd-formula-edit">
        {t('formDesigner.formula.edit')}
      </Button>
      {open && (
        <FormulaBuilder
          label={String(node?.field.__config__.label || node?.field.__vModel__ || '')}
          expression={value}
          scope={scope}
          onSave={(expression) => {
            onChange(expression);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
