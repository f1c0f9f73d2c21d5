import type { FlowDetailConfig } from '@atrium/shared/workflow';
import { flowDetailPath } from '../message-drawer/flow-link.ts';

/**
 * `/workFlowDetail?config=` for a flow opened from a screen: the same encoding (base64 of the JSON
 * text) as a flow message's link, so the detail page reads both alike.
 */
export function flowDetailLink(config: FlowDetailConfig): string {
  // A config always has a flowId, so its JSON is never empty and the path never null.
  return flowDetailPath(JSON.stringify(config))!;
}

/** The config of a `/workFlowDetail` link, or null when it is missing, not base64 or not a config. */
export function decodeFlowDetailConfig(encoded: string | null | undefined): FlowDetailConfig | null {
  if (!encoded) return null;
  let value: unknown;
  try {
    const binary = atob(encoded.trim());
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const opType = typeof raw.opType === 'string' ? Number(raw.opType) : raw.opType;
  if (typeof opType !== 'number' || !Number.isInteger(opType) || opType < -1 || opType > 4) return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : undefined);
  const flowId = text(raw.flowId);
  const id = text(raw.id) ?? text(raw.taskId);
  // A new launch names its template; every other view names the instance.
  if (opType === -1 ? !flowId : !id) return null;
  return {
    id,
    flowId: flowId ?? '',
    opType,
    taskOperatorId: text(raw.taskOperatorId),
    taskNodeId: text(raw.taskNodeId),
    circulateId: text(raw.circulateId),
  };
}
