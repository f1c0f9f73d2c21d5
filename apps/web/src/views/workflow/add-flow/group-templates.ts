import type { LaunchableTemplate } from '../../../api/workflow.ts';

export interface TemplateGroup {
  /** The category's stored value; '' for templates without one. */
  category: string;
  templates: LaunchableTemplate[];
}

/**
 * Templates grouped by category in the order they come (the server sorts them), templates without a
 * category last; a keyword keeps those whose name or code contains it (case-insensitive).
 */
export function groupTemplates(templates: readonly LaunchableTemplate[], keyword = ''): TemplateGroup[] {
  const wanted = keyword.trim().toLowerCase();
  const groups = new Map<string, LaunchableTemplate[]>();
  for (const tpl of templates) {
    if (wanted && !`${tpl.fullName}\n${tpl.enCode}`.toLowerCase().includes(wanted)) continue;
    const category = tpl.category ?? '';
    const group = groups.get(category) ?? [];
    group.push(tpl);
    groups.set(category, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0))
    .map(([category, list]) => ({ category, templates: list }));
}
