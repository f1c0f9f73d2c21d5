/**
 * Wire shapes of systems and menus management, authorisation (grants), list-column settings and
 * data schemes (docs/permissions.md).
 */

// ---------------------------------------------------------------------------------------------
// Systems and menus
// ---------------------------------------------------------------------------------------------

/** A system (type 0): a top-level group of menus a user can switch to. */
export interface SystemInfo {
  id: string;
  fullName: string;
  enCode: string;
  icon: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  version: number;
  creatorTime: number;
  /** Number of menus in the system (list only). */
  menuCount?: number;
}

export interface SystemBody {
  fullName: string;
  enCode: string;
  icon?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
  /** Required on PUT. */
  version?: number;
}

export const LINK_TARGETS = ['_self', '_blank'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/** Menu types 1..8 an administrator may create (0 is the system itself). */
export const MENU_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Types whose address (urlAddress) is required: page (view path), screen, link. */
export const MENU_TYPES_WITH_ADDRESS: readonly number[] = [2, 6, 7];
/** Types that open a module by id (propertyJson.moduleId): online form, dictionary, report, portal. */
export const MENU_TYPES_WITH_MODULE: readonly number[] = [3, 4, 5, 8];

/** A menu entry as the management screen sees it; `children` makes the tree. */
export interface MenuInfo {
  id: string;
  systemId: string;
  parentId: string;
  type: number;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress: string;
  linkTarget: LinkTarget;
  /** JSON text of an object: { moduleId?, isTree?, iconBackgroundColor?, ... }. */
  propertyJson: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  version: number;
  creatorTime: number;
  hasChildren?: boolean;
  children?: MenuInfo[];
}

export interface MenuBody {
  /** Only on POST: a menu stays in the system it was created in. */
  systemId?: string;
  parentId: string;
  type: number;
  fullName: string;
  enCode: string;
  icon?: string;
  urlAddress?: string;
  linkTarget?: LinkTarget;
  propertyJson?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: number;
  version?: number;
}

/** Node of the parent picker (GET /api/system/Menu/Selector/{id}). */
export interface MenuSelectorNode {
  id: string;
  parentId: string;
  fullName: string;
  type: number;
  icon: string;
  hasChildren?: boolean;
  children?: MenuSelectorNode[];
}

/** What a menu owns besides its children: buttons, list columns and form fields. */
export type ModuleElementKind = 'button' | 'column' | 'form';

export interface ModuleElementInfo {
  id: string;
  moduleId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  version: number;
  creatorTime: number;
}

export interface ModuleElementBody {
  moduleId: string;
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: number;
  version?: number;
}

// ---------------------------------------------------------------------------------------------
// Data schemes
// ---------------------------------------------------------------------------------------------

/**
 * Comparison of one rule. `in`/`notIn` take a list (or a list-valued system variable); `null` and
 * `notNull` take no value; `like`/`notLike` match a substring, ignoring case.
 */
export const SCHEME_OPS = [
  '=',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'like',
  'notLike',
  'in',
  'notIn',
  'null',
  'notNull',
] as const;
export type SchemeOp = (typeof SCHEME_OPS)[number];

/**
 * System variables a rule's value may name; the server replaces them with the caller's values when
 * the list query runs (bound parameters or sub-queries, never spliced text):
 * - `@userId`: the caller (e.g. 'created by me');
 * - `@organizeId`: the caller's organisations (the major one and every membership);
 * - `@organizationAndSuborganization`: those organisations and every organisation below them;
 * - `@userAndSubordinates`: the caller and everyone who reports to the caller, at any depth.
 * With `=` a list-valued variable means "one of", with `<>` "none of".
 */
export const SCHEME_VARIABLES = [
  '@userId',
  '@organizeId',
  '@organizationAndSuborganization',
  '@userAndSubordinates',
] as const;
export type SchemeVariable = (typeof SCHEME_VARIABLES)[number];

/** Which fields a variable fits: user variables compare with user ids, organisation ones with organisation ids. */
export const SCHEME_VARIABLE_KIND: Record<SchemeVariable, SchemeFieldKind> = {
  '@userId': 'user',
  '@userAndSubordinates': 'user',
  '@organizeId': 'organize',
  '@organizationAndSuborganization': 'organize',
};

/** One rule of a data scheme: `field op value`. */
export interface SchemeRule {
  /** A field name the menu's list query offers (GET .../ModuleDataAuthorizeScheme/Fields/{moduleId}). */
  field: string;
  op: SchemeOp;
  /** A literal, a list of literals (in / notIn), or a system variable; absent for null / notNull. */
  value?: string | number | (string | number)[];
}

/** Kind of a field a scheme may filter on; variables only fit fields of their own kind. */
export type SchemeFieldKind = 'text' | 'number' | 'user' | 'organize';

export interface SchemeField {
  field: string;
  kind: SchemeFieldKind;
}

export const MATCH_LOGICS = ['and', 'or'] as const;
export type MatchLogic = (typeof MATCH_LOGICS)[number];

/**
 * A data scheme of a menu. `conditionJson` is the JSON text of `SchemeRule[]`, combined with
 * `matchLogic` ('and': every rule holds; 'or': any rule holds). `allData` 1 means no restriction at
 * all (the rules are then ignored and may be empty). A user's visible rows on that menu are the
 * union (OR) of the schemes granted to them; a menu without any enabled scheme is unrestricted;
 * on a menu that has schemes, a user granted none of them sees no rows; administrators always see
 * every row.
 */
export interface DataSchemeInfo {
  id: string;
  moduleId: string;
  fullName: string;
  enCode: string;
  conditionJson: string;
  matchLogic: MatchLogic;
  allData: number;
  description?: string;
  sortCode: number;
  enabledMark: number;
  version: number;
  creatorTime: number;
}

export interface DataSchemeBody {
  moduleId: string;
  fullName: string;
  enCode: string;
  conditionJson: string;
  matchLogic: MatchLogic;
  allData: number;
  sortCode?: number;
  enabledMark?: number;
  version?: number;
}

/** Why a scheme's conditionJson is refused; `index` is the rule's position. */
export type SchemeProblem =
  | { problem: 'json' }
  | { problem: 'notList' }
  | { problem: 'empty' }
  | { problem: 'tooMany' }
  | { problem: 'rule'; index: number }
  | { problem: 'field'; index: number; field: string }
  | { problem: 'op'; index: number }
  | { problem: 'value'; index: number }
  | { problem: 'variable'; index: number };

const MAX_RULES = 50;

function isLiteral(v: unknown): v is string | number {
  return (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v));
}

/**
 * Parses and checks conditionJson against the fields a menu's list offers. Returns the rules or the
 * first problem. Used by the server at save time and by the web rule editor before saving.
 */
export function parseSchemeRules(
  conditionJson: string,
  fields: readonly SchemeField[],
  allData: boolean,
): { rules: SchemeRule[] } | SchemeProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(conditionJson);
  } catch {
    return { problem: 'json' };
  }
  if (!Array.isArray(parsed)) return { problem: 'notList' };
  if (parsed.length === 0 && !allData) return { problem: 'empty' };
  if (parsed.length > MAX_RULES) return { problem: 'tooMany' };
  const kinds = new Map(fields.map((f) => [f.field, f.kind]));
  const rules: SchemeRule[] = [];
  for (const [index, raw] of parsed.entries()) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem: 'rule', index };
    const { field, op, value } = raw as Record<string, unknown>;
    if (typeof field !== 'string' || !kinds.has(field)) return { problem: 'field', index, field: String(field) };
    if (typeof op !== 'string' || !(SCHEME_OPS as readonly string[]).includes(op)) return { problem: 'op', index };
    const kind = kinds.get(field)!;
    const rule: SchemeRule = { field, op: op as SchemeOp };
    if (op === 'null' || op === 'notNull') {
      rules.push(rule);
      continue;
    }
    if (typeof value === 'string' && value.startsWith('@')) {
      const variable = value as SchemeVariable;
      if (!(SCHEME_VARIABLES as readonly string[]).includes(value)) return { problem: 'variable', index };
      if (SCHEME_VARIABLE_KIND[variable] !== kind || !['=', '<>', 'in', 'notIn'].includes(op))
        return { problem: 'variable', index };
      rules.push({ ...rule, value });
      continue;
    }
    if (op === 'in' || op === 'notIn') {
      if (!Array.isArray(value) || value.length === 0 || value.length > 500 || !value.every(isLiteral))
        return { problem: 'value', index };
    } else if (!isLiteral(value) || (kind === 'number' && typeof value !== 'number')) {
      return { problem: 'value', index };
    } else if ((op === 'like' || op === 'notLike') && typeof value !== 'string') {
      return { problem: 'value', index };
    }
    rules.push({ ...rule, value: value as SchemeRule['value'] });
  }
  return { rules };
}

// ---------------------------------------------------------------------------------------------
// Authorisation (grants)
// ---------------------------------------------------------------------------------------------

export const AUTHORIZE_OBJECT_TYPES = ['role', 'position', 'user', 'organize'] as const;
export type AuthorizeObjectType = (typeof AUTHORIZE_OBJECT_TYPES)[number];

/** What a grant can name; 'module' is a menu, 'resource' a data scheme. */
export const AUTHORIZE_ITEM_TYPES = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type AuthorizeItemType = (typeof AUTHORIZE_ITEM_TYPES)[number];

/** One node of the grant tree: systems > menus (nested) > buttons, columns, forms, data schemes. */
export interface AuthorizeNode {
  id: string;
  itemType: AuthorizeItemType;
  fullName: string;
  enCode: string;
  icon?: string;
  /** Menu type for menus. */
  type?: number;
  /** A disabled system, menu or element: still shown so a grant to it can be removed. */
  enabledMark: number;
  children?: AuthorizeNode[];
}

export type GrantedIds = Record<AuthorizeItemType, string[]>;

/** GET /api/permission/Authority/Data/{objectId}?objectType=... */
export interface AuthorizeData {
  objectType: AuthorizeObjectType;
  objectId: string;
  objectName: string;
  /** The version of this object's grants; PUT sends it back and gets 409 when someone saved meanwhile. */
  version: number;
  tree: AuthorizeNode[];
  granted: GrantedIds;
}

/** PUT /api/permission/Authority/Data/{objectId}: the full granted id lists replace the old ones. */
export interface AuthorizeSaveBody extends GrantedIds {
  objectType: AuthorizeObjectType;
  version: number;
}

export interface AuthorizeSaveResult {
  version: number;
  /** Users whose sessions ended because they lost a right. */
  loggedOut: number;
  /** Users told to refresh because they only gained rights. */
  refreshed: number;
}

// ---------------------------------------------------------------------------------------------
// Column settings
// ---------------------------------------------------------------------------------------------

/** One list column a user arranged: order is the list order. */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

/** PUT /api/permission/Authority/SetColumnsByModuleId */
export interface ColumnSettingBody {
  moduleId: string;
  /** JSON text of ColumnSetting[]. */
  fieldList: string;
}

/** Parses a stored or submitted field list; null when it is not a valid one. */
export function parseColumnSettings(text: string): ColumnSetting[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > 200) return null;
  const seen = new Set<string>();
  const list: ColumnSetting[] = [];
  for (const raw of parsed) {
    if (typeof raw !== 'object' || raw === null) return null;
    const r = raw as Record<string, unknown>;
    // Either name is accepted for visibility.
    const visible = r.visible ?? r.columnVisible;
    if (typeof r.prop !== 'string' || r.prop.length === 0 || r.prop.length > 100 || seen.has(r.prop)) return null;
    if (r.label !== undefined && (typeof r.label !== 'string' || r.label.length > 200)) return null;
    if (typeof visible !== 'boolean') return null;
    seen.add(r.prop);
    list.push({ prop: r.prop, label: (r.label as string | undefined) ?? '', visible });
  }
  return list;
}
