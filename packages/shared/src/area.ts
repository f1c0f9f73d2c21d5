/**
 * Wire types of administrative areas and the
 * address picker's constants.
 */
import type { ListedRecord, NamedRecordForm, VersionedRecord } from './organize.ts';

/** parentId of a province; also the address picker's root. */
export const AREA_ROOT = '-1';

/** Area levels (`type`): 1 province, 2 city, 3 district, 4 street. */
export const AreaType = { province: 1, city: 2, district: 3, street: 4 } as const;
export type AreaType = (typeof AreaType)[keyof typeof AreaType];

/** The address picker's level (0 province .. 3 street) and its default (2: down to districts). */
export const ADDRESS_DEFAULT_LEVEL = 2;
export const ADDRESS_MAX_LEVEL = 3;

/** One row of GET /api/system/Area/{parentId} (the children of one parent, or keyword matches). */
export interface AreaRow extends ListedRecord {
  parentId: string;
  quickQuery: string;
  type: number;
  hasChildren: boolean;
  isLeaf: boolean;
  /** Names from the province down, joined by '/' (shown for keyword matches). */
  fullPath: string;
}

/** GET /api/system/Area/{id}/Info; PUT sends it back with the same version. */
export interface AreaInfo extends VersionedRecord {
  parentId: string;
  quickQuery: string;
  type: number;
  /** Ids from the province down to the parent, for the parent picker. */
  parentIds: string[];
  parentPath: string;
}

/** Body of POST/PUT of an area; the level follows from the parent. */
export interface AreaForm extends NamedRecordForm {
  parentId: string;
  quickQuery?: string;
}

/** A region node of the pickers (id, fullName, isLeaf). */
export interface AreaNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
  isLeaf: boolean;
  hasChildren: boolean;
}
