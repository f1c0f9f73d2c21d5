import { createContext, useContext } from 'react';
import { onlineDevApi } from '../../../api/visualdev.ts';

/**
 * Where the online-form page reads and writes its records: the released model's runtime API, or
 * (function preview) sample records held in the page. Export and import exist only on the server.
 */
export type RecordSource = Pick<
  typeof onlineDevApi,
  'list' | 'info' | 'display' | 'create' | 'update' | 'remove' | 'batchRemove'
> &
  Partial<Pick<typeof onlineDevApi, 'exportRecords' | 'importBase' | 'templateUrl'>>;

const RecordSourceContext = createContext<RecordSource>(onlineDevApi);

export const RecordSourceProvider = RecordSourceContext.Provider;

export function useRecordSource(): RecordSource {
  return useContext(RecordSourceContext);
}
