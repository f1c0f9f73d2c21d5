/**
 * Wire types of dictionaries:
 * a tree of dictionary types, each holding flat or tree items that form widgets pick from.
 */

/** parentId of a top-level dictionary type or item. */
export const DICTIONARY_TOP_PARENT = '-1';

/** One node of GET /api/system/DictionaryType (the type tree of the admin screen). */
export interface DictionaryTypeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  enabledMark: number;
  hasChildren: boolean;
  children?: DictionaryTypeNode[];
}

/** GET /api/system/DictionaryType/{id}; PUT sends it back with the same version. */
export interface DictionaryTypeInfo {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  enabledMark: number;
  description: string;
  version: number;
  /** Carried over from the tree row the detail is built from; the detail does not compute it (false). */
  hasChildren: boolean;
}

/** Body of POST/PUT of a dictionary type; `version` is required on PUT. */
export interface DictionaryTypeForm {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree?: number;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
  version?: number;
}

/** One row of GET /api/system/DictionaryData/{typeId} (children when the type is a tree). */
export interface DictionaryDataRow {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  simpleSpelling: string;
  isDefault: number;
  sortCode: number;
  enabledMark: number;
  description: string;
  creatorTime: number;
  hasChildren?: boolean;
  children?: DictionaryDataRow[];
}

/** GET /api/system/DictionaryData/{id}/Info; PUT sends it back with the same version. */
export interface DictionaryDataInfo {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  simpleSpelling: string;
  isDefault: number;
  sortCode: number;
  enabledMark: number;
  description: string;
  version: number;
}

/** Body of POST/PUT of a dictionary item; `version` is required on PUT. */
export interface DictionaryDataForm {
  dictionaryTypeId: string;
  parentId?: string;
  fullName: string;
  enCode: string;
  simpleSpelling?: string;
  isDefault?: number;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
  version?: number;
}

/** An item as form widgets see it: enabled items only, children under tree types. */
export interface DictionaryOption {
  id: string;
  enCode: string;
  fullName: string;
  children?: DictionaryOption[];
}

/** One type of GET /api/system/DictionaryData/All, the client's dictionary cache. */
export interface DictionaryEntry {
  id: string;
  enCode: string;
  fullName: string;
  isTree: number;
  dictionaryList: DictionaryOption[];
}

/**
 * GET /api/system/DictionaryData/All: every enabled type with its items, plus the revision they
 * were read at. GET .../DictionaryData/Revision answers `{ revision }` alone, the cheap check a
 * client makes to learn whether its cache is stale.
 */
export interface DictionaryAll {
  revision: number;
  list: DictionaryEntry[];
}
