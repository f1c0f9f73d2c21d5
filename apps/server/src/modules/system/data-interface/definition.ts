import type { Selectable } from 'kysely';
import type { DataInterfaceTable } from '../../../db/schema.ts';
import type { PropertyJson, RequestParameter } from './schema.ts';

export const DATA_TYPE = { sql: 1, json: 2, api: 3 } as const;

export interface RequestHeader {
  field: string;
  value: string;
}

/** A stored interface with its JSON columns read. */
export interface Definition {
  id: string;
  categoryId: string;
  fullName: string;
  enCode: string;
  dataType: number;
  requestMethod: string;
  checkType: number;
  query: string;
  requestParameters: RequestParameter[];
  requestHeaders: RequestHeader[];
  dataProcessing: string;
  propertyJson: PropertyJson;
  enabledMark: number;
  sortCode: number;
  description: string;
  version: number;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function definitionOf(row: Selectable<DataInterfaceTable>): Definition {
  return {
    id: row.id,
    categoryId: row.category_id,
    fullName: row.full_name,
    enCode: row.en_code,
    dataType: row.data_type,
    requestMethod: row.request_method,
    checkType: row.check_type,
    query: row.query,
    requestParameters: parseJson(row.request_parameters, []),
    requestHeaders: parseJson(row.request_headers, []),
    dataProcessing: row.data_processing,
    propertyJson: {
      countSql: '',
      echoSql: '',
      pageParameters: '',
      echoParameters: '',
      ...parseJson(row.property_json, {}),
    },
    enabledMark: row.enabled,
    sortCode: row.sort_code,
    description: row.description ?? '',
    version: row.version,
  };
}
