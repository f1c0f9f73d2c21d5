/**
 * The values a flow gives a data interface it calls (an approver node of assignee type 9, a trigger
 * node): every form field by its name, then the flow's own variables by theirs, then the node's
 * explicit `interfaceParams`. Later entries win, so a value typed into the form can never stand in
 * for the initiator; the interface takes only the parameters it declares.
 */
import {
  CALLBACK_FLOW_VARIABLES,
  type CallbackFlowVariable,
  type InterfaceFlowVariable,
  type InterfaceParam,
} from '@atrium/shared/workflow';
import type { InstanceState } from './state.ts';

export interface ParamValue {
  field: string;
  value: unknown;
  /**
   * A callback variable, filled only when the call goes out: the token is never written down, not
   * even in the call's job (its seed is).
   */
  fill?: CallbackFlowVariable;
}

const isCallbackVariable = (name: string): name is CallbackFlowVariable =>
  (CALLBACK_FLOW_VARIABLES as readonly string[]).includes(name);

/** The flow variables an interface parameter may name (the designer offers the same list). */
export function flowVariables(state: InstanceState): Record<InterfaceFlowVariable, unknown> {
  const { instance, template, condition } = state;
  return {
    initiatorId: instance.initiator_id,
    initiatorDept: condition.system.initiatorDept ?? null,
    instanceId: instance.id,
    billNo: instance.bill_no,
    flowTitle: instance.title,
    flowCode: template.enCode,
    flowName: template.fullName,
    flowUrgent: instance.urgent,
    launchTime: instance.submitted_at ?? instance.created_at,
  };
}

/**
 * The parameter list of a call. With `callback` (a trigger waiting for a callback) the callback
 * variables are flow variables too, left for the call to fill; elsewhere they have no value.
 */
export function interfaceParamList(
  state: InstanceState,
  mapping: readonly InterfaceParam[] | undefined,
  callback = false,
): ParamValue[] {
  const system = flowVariables(state);
  const list: ParamValue[] = [
    ...Object.entries(state.formData).map(([field, value]) => ({ field, value })),
    ...Object.entries(system).map(([field, value]) => ({ field, value })),
    ...(callback ? CALLBACK_FLOW_VARIABLES.map((name) => ({ field: name, value: null, fill: name })) : []),
  ];
  for (const m of mapping ?? []) {
    if (!m.field) continue;
    if (m.source === 'system' && isCallbackVariable(m.value)) {
      list.push({ field: m.field, value: null, ...(callback ? { fill: m.value } : {}) });
      continue;
    }
    const value =
      m.source === 'form'
        ? state.formData[m.value]
        : m.source === 'system'
          ? system[m.value as InterfaceFlowVariable]
          : m.value;
    list.push({ field: m.field, value: value ?? null });
  }
  return list;
}

/** The parameters of a callback's call with its token and callback path filled in. */
export function fillCallback(
  params: readonly ParamValue[],
  values: Record<CallbackFlowVariable, string>,
): ParamValue[] {
  return params.map(({ field, value, fill }) => ({ field, value: fill ? values[fill] : value }));
}
