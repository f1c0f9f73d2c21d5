import { createRoot } from 'react-dom/client';
import type { FormField } from '@atrium/shared/forms';
import { COLUMNS, TABLE, TYPED_ROW, benchForm, benchValues, topName } from './bench-form.ts';
import { installProbe, whenPainted } from './probe.ts';

/** The input type closest to each kind of the bench form. */
const TYPES: Record<string, string> = {
  numInput: 'number',
  date: 'date',
  switch: 'checkbox',
  checkbox: 'checkbox',
  radio: 'radio',
};

const grid = (columns: string) => ({ display: 'grid', gridTemplateColumns: columns, gap: '8px 15px' });

/**
 * The reference: the bench form's fields and rows as uncontrolled inputs, rendered once by React
 * with no state and no handlers, in the same cards, two columns and table grid. Every figure of the
 * runtime is divided by this page's.
 */
export function mount(root: HTMLElement): void {
  const form = benchForm();
  const values = benchValues(form);
  const rows = values[TABLE] as Record<string, unknown>[];
  const api = installProbe('plain', {
    topInput: `[data-field="${topName(0)}"] input`,
    cellInput: `[data-cell="${TABLE}.${TYPED_ROW}.${COLUMNS.quantity}"] input`,
    submit: '#bench-submit',
  });
  const table = form.fields.find((f) => f.__vModel__ === TABLE)!;
  const columns = table.__config__.children ?? [];
  const input = (f: FormField, value?: unknown) => (
    <input
      type={TYPES[f.__config__.jnpfKey] ?? 'text'}
      name={f.__vModel__}
      required={f.__config__.required === true}
      defaultValue={value === undefined ? undefined : String(value)}
      style={{ width: '100%' }}
    />
  );
  // The browser's own constraint validation over every input: the least a submit can do.
  const submit = () => {
    let invalid = 0;
    for (const el of root.querySelectorAll('input')) if (!el.checkValidity()) invalid++;
    api.submitErrors = invalid;
  };
  createRoot(root).render(
    <div style={{ padding: 16 }}>
      {form.fields
        .filter((f) => f.__config__.jnpfKey === 'card')
        .map((card, i) => (
          <fieldset key={i} style={{ marginBottom: 16 }}>
            <legend>{card.__config__.label}</legend>
            <div style={grid('1fr 1fr')}>
              {(card.__config__.children ?? []).map((f) => (
                <label key={f.__vModel__} data-field={f.__vModel__} style={grid('100px 1fr')}>
                  <span>{f.__config__.label}</span>
                  {input(f)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      <div role="table" style={grid(`48px repeat(${columns.length}, minmax(160px, 1fr))`)}>
        <div>#</div>
        {columns.map((c) => (
          <div key={c.__vModel__}>{c.__config__.label}</div>
        ))}
        {rows.map((row, r) => [
          <div key={`${r}#`}>{r + 1}</div>,
          ...columns.map((c) => (
            <div key={`${r}.${c.__vModel__}`} data-cell={`${TABLE}.${r}.${c.__vModel__}`}>
              {input(c, row[c.__vModel__!])}
            </div>
          )),
        ])}
      </div>
      <label data-field="total">
        Total <input readOnly defaultValue={String(values.total ?? '')} />
      </label>
      <button id="bench-submit" type="button" onClick={submit}>
        Submit
      </button>
    </div>,
  );
  void whenPainted(() => root.querySelector(api.selectors.cellInput) !== null).then((ms) => {
    api.paintedMs = ms;
    api.mountedInputs = root.querySelectorAll('input').length;
    api.ready = true;
  });
}
