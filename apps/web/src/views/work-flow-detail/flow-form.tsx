import type { FormJson } from '@atrium/shared/forms';
import type { FormOperate } from '@atrium/shared/workflow';
import { Descriptions, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormRenderer,
  RelatedDetailProvider,
  submitForm,
  useFormRuntime,
  type FormRuntime,
  type Values,
} from '../../components/form-runtime/index.ts';
import { applyFormOperates, writableValues, type OperatedForm } from './form-operates.ts';

export interface FlowForm {
  runtime: FormRuntime;
  operated: OperatedForm;
  /**
   * Validates the writable fields and answers the values to send (only the writable ones, the
   * rest is the server's), or undefined when a field needs fixing (its message shows on it).
   */
  collect(): Record<string, unknown> | undefined;
}

const EMPTY_FORM: FormJson = { fields: [] };

/** The flow's designed form as this node's handler sees it (see applyFormOperates). */
export function useFlowForm(
  form: FormJson | null,
  values: Values | undefined,
  operates: readonly FormOperate[] | null | undefined,
  options: { editable: boolean; launching?: boolean },
): FlowForm {
  const { editable, launching } = options;
  const operated = useMemo(
    () => applyFormOperates(form ?? EMPTY_FORM, operates, { editable, launching }),
    [form, operates, editable, launching],
  );
  const runtimeOptions = useMemo(() => ({ values, granted: operated.granted }), [values, operated.granted]);
  const runtime = useFormRuntime(operated.form, runtimeOptions);
  return {
    runtime,
    operated,
    collect() {
      const { values: checked } = submitForm(runtime);
      if (!checked) return undefined;
      return launching ? checked : writableValues(checked, operates);
    },
  };
}

/**
 * Renders the flow form; a code form (no design) shows its stored values as a plain list. Read-only
 * (the printout) shows every field as text instead of as a disabled input.
 */
export function FlowFormView({
  flowForm,
  design,
  values,
  readOnly,
}: {
  flowForm: FlowForm;
  design: FormJson | null;
  values?: Values;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  if (!design) {
    const entries = Object.entries(values ?? {}).filter(([, v]) => v === null || typeof v !== 'object');
    if (!entries.length) return <Empty description={t('workflow.detail.codeForm')} />;
    return (
      <Descriptions
        bordered
        size="small"
        column={1}
        items={entries.map(([key, v]) => ({ key, label: key, children: String(v ?? '') }))}
      />
    );
  }
  const { runtime, operated } = flowForm;
  return (
    <div data-testid="flow-form">
      {/* A read-only related-form field opens its record, as in any designed form's detail. */}
      <RelatedDetailProvider popupType={operated.form.popupType}>
        <FormRenderer
          form={operated.form}
          model={runtime.model}
          store={runtime.store}
          granted={operated.granted}
          formContext={runtime.formContext}
          readOnly={readOnly}
        />
      </RelatedDetailProvider>
    </div>
  );
}
