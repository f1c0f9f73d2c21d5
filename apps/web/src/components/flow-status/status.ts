import { FlowStatus, HandleStatus, urgencyOf, type UrgencyCode } from '@atrium/shared/workflow';

/*
 * How the workflow's codes read on screen (docs/workflow.md, "Statuses"): the text key under
 * `workflow.` and the tag colour. Unknown codes read as nothing rather than as a wrong status.
 */

const STATUS_COLORS: Record<number, string> = {
  [FlowStatus.draft]: 'default',
  [FlowStatus.wait]: 'processing',
  [FlowStatus.adopt]: 'success',
  [FlowStatus.reject]: 'error',
  [FlowStatus.revoke]: 'warning',
  [FlowStatus.cancel]: 'default',
  [FlowStatus.suspended]: 'warning',
};

/** Text key of an instance status (1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel; 0 draft, 6 suspended). */
export function flowStatusKey(status: number | null | undefined): string | null {
  return status !== null && status !== undefined && Object.hasOwn(STATUS_COLORS, status)
    ? `workflow.status.s${status}`
    : null;
}

export function flowStatusColor(status: number): string {
  return STATUS_COLORS[status] ?? 'default';
}

const URGENCY_COLORS: Record<UrgencyCode, string> = { 1: 'default', 2: 'warning', 3: 'error' };

/** Text key and colour of an urgency: 1 normal, 2 important, 3 urgent, anything else normal. */
export function urgencyDisplay(value: unknown): { key: string; color: string } {
  const code = urgencyOf(value);
  return { key: `workflow.urgency.u${code}`, color: URGENCY_COLORS[code] };
}

const HANDLE_CODES = new Set<number>(Object.values(HandleStatus));

/** Text key of what a record says was done (0 returned ... 9 revived, and the internal codes). */
export function handleStatusKey(code: number | null | undefined): string | null {
  return code !== null && code !== undefined && HANDLE_CODES.has(code) ? `workflow.handle.h${code}` : null;
}

const HANDLE_COLORS: Record<number, string> = {
  [HandleStatus.returned]: 'error',
  [HandleStatus.approved]: 'success',
  [HandleStatus.initiated]: 'processing',
  [HandleStatus.withdrawn]: 'warning',
  [HandleStatus.terminated]: 'default',
};

export function handleStatusColor(code: number): string {
  return HANDLE_COLORS[code] ?? 'blue';
}
