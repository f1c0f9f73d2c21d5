import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { usePageContext } from '../../keep-alive/page-context.ts';
import { HOME_PATH } from '../../router/guard.ts';
import { useTagsStore } from '../../stores/tags.ts';

/**
 * Leaves the detail page once its flow has been acted on: its tag closes (dropping the kept page,
 * which would show the flow as it was) and the view opened before it comes back, usually the list
 * it was opened from.
 */
export function useLeave(): () => void {
  const navigate = useNavigate();
  const { path } = usePageContext();
  return useCallback(() => {
    const left = useTagsStore.getState().delView(path);
    navigate(left.length ? left[left.length - 1].path : HOME_PATH);
  }, [navigate, path]);
}
