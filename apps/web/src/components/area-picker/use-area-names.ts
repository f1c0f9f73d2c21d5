import { useQuery } from '@tanstack/react-query';
import { areaApi } from '../../api/area.ts';

/**
 * Names of saved address values through POST GetAreaByIds, keyed by each path's last id (ids are
 * unique), so a value shows its place before its options have been loaded.
 */
export function useAreaNames(paths: readonly (readonly string[])[]): Map<string, string[]> {
  const { data } = useQuery({
    queryKey: ['system', 'area', 'names', paths],
    queryFn: () => areaApi.namesByIds(paths),
    enabled: paths.length > 0,
    staleTime: 5 * 60_000,
  });
  const names = new Map<string, string[]>();
  paths.forEach((path, i) => {
    const found = data?.[i];
    if (found?.length) names.set(path[path.length - 1]!, found);
  });
  return names;
}
