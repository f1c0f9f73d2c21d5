import type { PrintSelectorNode } from '../../api/print-dev.ts';

/**
 * The templates a form or list names, among the enabled ones the selector answers (nested under
 * their categories), in the order they are named; a named template that is gone or disabled is left out.
 */
export function namedTemplates(tree: readonly PrintSelectorNode[], ids: readonly string[]): PrintSelectorNode[] {
  const templates = new Map<string, PrintSelectorNode>();
  const collect = (nodes: readonly PrintSelectorNode[]): void =>
    nodes.forEach((node) => {
      if (!node.isCategory) templates.set(node.id, node);
      collect(node.children ?? []);
    });
  collect(tree);
  return ids.flatMap((id) => templates.get(id) ?? []);
}
