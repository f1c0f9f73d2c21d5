/**
 * The values a flow gives a data interface it calls (an approver node of assignee type 9, a trigger
 * node): every form field by its name, then the flow's own variables by theirs, then the node's
 * explicit `interfaceParams`. Later entries win, so a value typed into the form can never stand in
 * for the initiator; the interface takes only the parameters it declares.
 */
import type { InterfaceFlowVariable, InterfaceParam } from '@atrium/shared/workflow';
import type { InstanceState } from './state.ts';

export interface ParamValue {
  field: string;
  value: unknown;
}

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

export function interfaceParamList(state: InstanceState, mapping: readonly InterfaceParam[] | undefined): ParamValue[] {
  const system = flowVariables(state);
  const list: ParamValue[] = [
    ...Object.entries(state.formData).map(([field, value]) => ({ field, value })),
    ...Object.entries(system).map(([field, value]) => ({ field, value })),
  ];
  for (const m of mapping ?? []) {
    if (!m.field) continue;
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
