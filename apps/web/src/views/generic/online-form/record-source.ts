import type { PageResult } from '@atrium/shared';
import { createContext, useContext } from 'react';
import { onlineDevApi, type OnlineListQuery, type OnlineRow } from '../../../api/visualdev.ts';

/**
 * A page of the list. A list with a summary row also gets `summary` from the server: the totals of
 * its summary fields over every record of the query (all pages), for the fields the caller may see.
 */
export type OnlineListPage = PageResult<OnlineRow> & { summary?: Record<string, number> };

/**
 * Where the online-form page reads and writes its records: the released model's runtime API, or
 * (function preview) sample records held in the page. Export and import exist only on the server.
 */
export type RecordSource = Pick<
  typeof onlineDevApi,
  'info' | 'display' | 'create' | 'update' | 'remove' | 'batchRemove'
> &
  Partial<Pick<typeof onlineDevApi, 'exportRecords' | 'importBase' | 'templateUrl'>> & {
    list: (modelId: string, query: OnlineListQuery) => Promise<OnlineListPage>;
  };

const RecordSourceContext = createContext<RecordSource>(onlineDevApi);

export const RecordSourceProvider = RecordSourceContext.Provider;

export function useRecordSource(): RecordSource {
  return useContext(RecordSourceContext);
}
