import { Badge } from 'antd';
import { useEffect } from 'react';
import { MessageType } from '../../api/message.ts';
import { useSocketFrame } from '../../socket/index.ts';
import { refreshFlowCounts, useFlowCountsStore } from '../../stores/flow-counts.ts';

/*
 * The counts of the to-do and my-applications menus (S1-4-39, S1-1-05). The shell and the home page
 * load this module lazily: its store and call stay out of their first download.
 */

/** Reads the counts once per session, for whoever shows one. */
function useEnsureCounts() {
  useEffect(() => useFlowCountsStore.getState().ensure(), []);
}

/**
 * The badge beside a menu entry: read again 500 ms after a flow action of this tab and after a flow
 * message arrives (someone else's action).
 */
export function FlowCountBadge({ which }: { which: 'todo' | 'launch' }) {
  const count = useFlowCountsStore((s) => s[which]);
  useEnsureCounts();
  useSocketFrame('messagePush', (frame) => {
    if (frame.messageType === MessageType.flow) refreshFlowCounts();
  });
  return (
    <Badge count={count ?? 0} size="small" overflowCount={99} offset={[6, -2]} data-testid={`menu-count-${which}`} />
  );
}

/** The count as a number (home cards); `fallback` until the first answer. */
export function FlowCountValue({ which, fallback }: { which: 'todo' | 'launch'; fallback: number }) {
  const count = useFlowCountsStore((s) => s[which]);
  useEnsureCounts();
  return <>{count ?? fallback}</>;
}
