import { useQuery } from '@tanstack/react-query';
import { listLaunchableTemplates } from '../../api/workflow.ts';
import { WORKFLOW_QUERY_KEY } from './flow-action.ts';

/** The templates a list or a delegation may name (those the caller may launch), cached across screens. */
export function useTemplateOptions() {
  const templates = useQuery({
    queryKey: [...WORKFLOW_QUERY_KEY, 'launchable'],
    queryFn: () => listLaunchableTemplates(),
    staleTime: 60_000,
  });
  return (templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.fullName }));
}
