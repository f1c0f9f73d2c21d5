import type { PickerTreeNode, UserOption } from '@atrium/shared';
import { request } from '../../../api/request.ts';

/** Who a notice goes to: everyone (no ids), or organisations, roles or users picked by name. */
export type RecipientMode = 'everyone' | 'organizes' | 'roles' | 'users';

/** A pickable recipient: `value` is the picker value the server reads ('<id>--<type>'). */
export interface RecipientOption {
  value: string;
  label: string;
  detail: string;
}

const ORGANIZE_TYPES = ['company', 'department'];

/** The mode a stored recipient list was made with (the form picks one kind at a time). */
export function modeOf(values: readonly string[]): RecipientMode {
  if (!values.length) return 'everyone';
  const type = values[0].split('--')[1] ?? 'user';
  if (ORGANIZE_TYPES.includes(type)) return 'organizes';
  if (type === 'role') return 'roles';
  return 'users';
}

function flatten(nodes: readonly PickerTreeNode[], out: PickerTreeNode[] = []): PickerTreeNode[] {
  for (const node of nodes) {
    out.push(node);
    if (node.children?.length) flatten(node.children, out);
  }
  return out;
}

const matches = (option: RecipientOption, keyword: string) =>
  !keyword || `${option.label} ${option.detail}`.toLowerCase().includes(keyword.toLowerCase());

async function organizeOptions(): Promise<RecipientOption[]> {
  const tree = (await request<{ list: PickerTreeNode[] }>({ url: '/api/permission/Organize/Selector/0' })).data?.list;
  return flatten(tree ?? [])
    .filter((n) => ORGANIZE_TYPES.includes(n.type))
    .map((n) => ({ value: `${n.id}--${n.type}`, label: n.fullName, detail: n.lastFullName || n.organize }));
}

async function roleOptions(): Promise<RecipientOption[]> {
  const tree = (await request<{ list: PickerTreeNode[] }>({ url: '/api/permission/Role/Selector' })).data?.list;
  return flatten(tree ?? [])
    .filter((n) => n.type === 'role' && !n.disabled)
    .map((n) => ({ value: `${n.id}--role`, label: n.fullName, detail: n.organize }));
}

async function userOptions(): Promise<RecipientOption[]> {
  const list = (await request<{ list: UserOption[] }>({ url: '/api/permission/Users/All' })).data?.list;
  return (list ?? []).map((u) => ({ value: `${u.id}--user`, label: u.fullName, detail: u.organize }));
}

const SOURCES: Record<Exclude<RecipientMode, 'everyone'>, () => Promise<RecipientOption[]>> = {
  organizes: organizeOptions,
  roles: roleOptions,
  users: userOptions,
};

/** Every option of a mode, filtered by keyword (the lists are small: they load whole). */
export async function recipientOptions(
  mode: Exclude<RecipientMode, 'everyone'>,
  keyword = '',
): Promise<RecipientOption[]> {
  return (await SOURCES[mode]()).filter((o) => matches(o, keyword.trim()));
}
