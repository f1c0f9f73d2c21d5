/** The save-time checks of a design, and the field each problem is about. */
import { checkDesign, toFormLang, type DesignProblem, type FormJson } from '@atrium/shared/forms';
import { kindKey, type DesignDoc, type DesignNode, type NodeId } from './tree.ts';

/**
 * The problems that stop a design from being saved, worded in a UI language: the very checks the
 * server makes (formulas of calculated fields included), so a host can refuse to save what the
 * server would refuse.
 */
export function checkFormDesign(form: FormJson, language?: string): DesignProblem[] {
  return checkDesign(form, toFormLang(language));
}

const POPUP_KINDS = new Set(['popupSelect', 'popupTableSelect', 'autoComplete']);

/** Which nodes a kind of problem can be about. */
const FITS: Partial<Record<DesignProblem['key'], (node: DesignNode) => boolean>> = {
  emptyContainer: (n) => n.container && n.childIds.length === 0,
  billRule: (n) => kindKey(n.field) === 'billRule',
  relationForm: (n) => kindKey(n.field) === 'relationForm',
  popup: (n) => POPUP_KINDS.has(kindKey(n.field)),
  noModel: (n) => !n.field.__vModel__,
  modelFormat: (n) => !!n.field.__vModel__,
  duplicateModel: (n) => !!n.field.__vModel__,
  formulaSyntax: (n) => kindKey(n.field) === 'calculate',
  formulaUnknown: (n) => kindKey(n.field) === 'calculate',
  formulaSelf: (n) => kindKey(n.field) === 'calculate',
};

/** Nodes in the order the form shows them. */
export function documentOrder(doc: DesignDoc): DesignNode[] {
  const out: DesignNode[] = [];
  const walk = (ids: NodeId[]) => {
    for (const id of ids) {
      const node = doc.nodes[id];
      if (!node) continue;
      out.push(node);
      walk(node.childIds);
    }
  };
  walk(doc.rootIds);
  return out;
}

/**
 * The field a problem is about. Problems name a field by its model name, or its label when it has
 * none; of a duplicate name, the later field is the one to rename.
 */
export function problemNode(doc: DesignDoc, problem: DesignProblem): NodeId | null {
  if (!problem.field) return null;
  const fits = FITS[problem.key] ?? (() => true);
  const matches = documentOrder(doc).filter((node) => {
    const f = node.field;
    const name = f.__vModel__ || String(f.__config__.label || f.__vModel__ || f.__config__.jnpfKey || '');
    return name === problem.field && fits(node);
  });
  const chosen = problem.key === 'duplicateModel' ? matches[matches.length - 1] : matches[0];
  return chosen?.id ?? null;
}
