import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { FormRenderer, createFormRuntime, submitForm } from '../../apps/web/src/components/form-runtime/index.ts';
import { renderProbe } from '../../apps/web/src/components/form-runtime/render-probe.ts';
import { applyLanguage } from '../../apps/web/src/locales/apply.ts';
import { COLUMNS, FIELD_COUNT, TABLE, TYPED_ROW, benchForm, benchValues, topName } from './bench-form.ts';
import { installProbe, whenPainted } from './probe.ts';

const CTX = { lang: 'zh-CN' as const, now: Date.now(), user: { id: 'u-1', account: 'admin', realName: 'Admin' } };

/** The bench form in Atrium's form runtime, as a form page renders it. */
export async function mount(root: HTMLElement): Promise<void> {
  // As the app starts: the language's texts (and antd's and dayjs's) before the first render.
  await applyLanguage('zh-CN');
  const form = benchForm();
  const runtime = createFormRuntime(form, CTX, { values: benchValues(form) });
  const rowId = runtime.store.rows(TABLE)[TYPED_ROW]!.id;
  const api = installProbe('runtime', {
    topInput: `[data-field="${topName(0)}"] input`,
    cellInput: `[data-cell="${TABLE}.${rowId}.${COLUMNS.quantity}"] input`,
    submit: '#bench-submit',
  });
  api.clearErrors = () => runtime.store.setErrors({});
  renderProbe.enabled = true;
  const submit = () => {
    api.submitErrors = submitForm(runtime).errors.length;
  };
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <FormRenderer form={form} model={runtime.model} store={runtime.store} formContext={CTX} />
      <button id="bench-submit" type="button" onClick={submit}>
        Submit
      </button>
    </QueryClientProvider>,
  );
  // Complete: no widget waiting for its chunk, every field and the first row's cells mounted.
  const complete = () =>
    !root.querySelector('.ant-skeleton') &&
    root.querySelectorAll('[data-field]').length >= FIELD_COUNT + 1 &&
    root.querySelector(api.selectors.cellInput) !== null;
  api.paintedMs = await whenPainted(complete);
  api.mountedInputs = root.querySelectorAll('input, textarea').length;
  api.renders = renderProbe.renders;
  Object.defineProperty(api, 'renders', { get: () => renderProbe.renders });
  api.ready = true;
}
