/**
 * The call of a data interface from a flow (an approver of assignee type 9, a trigger node): the
 * interface, and what each of its declared parameters takes — a field of the bound form, a flow
 * variable or a fixed value. A parameter left "by name" takes the flow variable or form field of its
 * name, as the engine does without a mapping, so only explicit choices are stored.
 */
import {
  CALLBACK_FLOW_VARIABLES,
  flowMessage,
  INTERFACE_FLOW_VARIABLES,
  type FlowMessageKey,
  type InterfaceParam,
} from '@atrium/shared/workflow';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi, type RequestParameter } from '../../api/data-interface.ts';
import { DataInterfaceSelect } from '../form-designer/pickers.tsx';
import { useFlowEnv } from './context.tsx';
import { FieldSelect } from './fields.tsx';
import styles from './flow-designer.module.css';

export interface InterfaceCall {
  interfaceId?: string;
  interfaceParams?: InterfaceParam[];
}

type Source = InterfaceParam['source'];
const SOURCES: readonly Source[] = ['form', 'system', 'literal'];
const AUTO = 'auto';

/**
 * The options of the flow variables, named in the designer's language; with `callback` (a trigger
 * waiting for a callback) its token and callback path come first, being what such a call is for.
 */
export function useFlowVariableOptions(callback = false): { value: string; label: string }[] {
  const { lang } = useFlowEnv();
  const names = callback ? [...CALLBACK_FLOW_VARIABLES, ...INTERFACE_FLOW_VARIABLES] : INTERFACE_FLOW_VARIABLES;
  return names.map((name) => ({
    value: name,
    label: `${flowMessage(`var.${name}` as FlowMessageKey, undefined, lang)} (${name})`,
  }));
}

function ParamRow({
  name,
  declared,
  stale,
  mapping,
  callback,
  onChange,
}: {
  name: string;
  declared: RequestParameter | undefined;
  /** The interface no longer declares the mapped parameter: it may only be removed. */
  stale: boolean;
  mapping: InterfaceParam | undefined;
  /** The call waits for a callback: its token and path are flow variables too. */
  callback: boolean;
  onChange: (mapping: InterfaceParam | undefined) => void;
}) {
  const { t } = useTranslation();
  const variables = useFlowVariableOptions(callback);
  const source = mapping?.source;
  const set = (value: string) => onChange({ field: name, source: source ?? 'literal', value });
  return (
    <div className={styles.row} data-testid={`flow-iparam-${name}`}>
      <span className={styles.paramName}>
        {declared?.fieldName ? `${declared.fieldName} (${name})` : name}
        {declared?.required === 1 && <span className={styles.required}> *</span>}
        {stale && <Tag color="warning">{t('flowDesigner.interfaceCall.undeclared')}</Tag>}
      </span>
      <Select<string>
        style={{ width: 130 }}
        value={source ?? AUTO}
        onChange={(next) => onChange(next === AUTO ? undefined : { field: name, source: next as Source, value: '' })}
        options={[
          { value: AUTO, label: t('flowDesigner.interfaceCall.paramAuto') },
          ...SOURCES.map((s) => ({ value: s, label: t(`flowDesigner.interfaceCall.source.${s}`) })),
        ]}
        data-testid={`flow-iparam-${name}-source`}
      />
      <div className={styles.grow} data-testid={`flow-iparam-${name}-value`}>
        {source === 'form' && <FieldSelect value={mapping?.value} onChange={(f) => set(f ?? '')} />}
        {source === 'system' && (
          <Select<string>
            value={mapping?.value || undefined}
            onChange={set}
            options={variables}
            style={{ width: '100%' }}
          />
        )}
        {source === 'literal' && (
          <Input value={mapping?.value} placeholder={declared?.defaultValue} onChange={(e) => set(e.target.value)} />
        )}
      </div>
      {stale && (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('flowDesigner.remove')}
          onClick={() => onChange(undefined)}
        />
      )}
    </div>
  );
}

/** The interface picker and, once one is chosen, a row per declared (or still mapped) parameter. */
export function InterfaceCallSettings({
  value,
  onChange,
  label,
  callback = false,
}: {
  value: InterfaceCall;
  onChange: (patch: InterfaceCall, key?: string) => void;
  label: string;
  /** A trigger waiting for a callback: its parameters may take the callback's token and path. */
  callback?: boolean;
}) {
  const { t } = useTranslation();
  const id = value.interfaceId;
  const params = useQuery({
    queryKey: ['flowDesigner', 'interfaceParams', id],
    queryFn: () => dataInterfaceApi.params(id!),
    enabled: !!id,
    staleTime: 60_000,
  });
  const mappings = value.interfaceParams ?? [];
  const declared = params.data ?? [];
  // Declared ones first, in their order; then mappings of parameters the interface dropped.
  const names = [
    ...declared.map((p) => p.field),
    ...mappings.map((m) => m.field).filter((f) => !declared.some((p) => p.field === f)),
  ];
  const setMapping = (name: string, next: InterfaceParam | undefined) => {
    const known = mappings.some((m) => m.field === name);
    const list = !next
      ? mappings.filter((m) => m.field !== name)
      : known
        ? mappings.map((m) => (m.field === name ? next : m))
        : [...mappings, next];
    // Typing a fixed value makes one undo step, not one per keystroke.
    const key = next?.source === 'literal' ? `interfaceParams:${name}` : undefined;
    onChange({ interfaceParams: list.length > 0 ? list : undefined }, key);
  };
  return (
    <>
      <Form.Item label={label}>
        <div data-testid="flow-interface">
          <DataInterfaceSelect
            value={id}
            // The old mappings belong to the old interface's parameters.
            onChange={(interfaceId) => onChange({ interfaceId, interfaceParams: undefined })}
          />
        </div>
      </Form.Item>
      {id && (
        <div data-testid="flow-interface-params">
          <div className={styles.section}>{t('flowDesigner.interfaceCall.params')}</div>
          {!params.isLoading && names.length === 0 && <p>{t('flowDesigner.interfaceCall.noParams')}</p>}
          {names.map((name) => (
            <ParamRow
              key={name}
              name={name}
              declared={declared.find((p) => p.field === name)}
              stale={params.isSuccess && !declared.some((p) => p.field === name)}
              mapping={mappings.find((m) => m.field === name)}
              callback={callback}
              onChange={(next) => setMapping(name, next)}
            />
          ))}
          {names.length > 0 && <p className={styles.hint}>{t('flowDesigner.interfaceCall.paramHint')}</p>}
        </div>
      )}
    </>
  );
}
