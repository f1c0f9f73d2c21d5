import type { FlowRecord } from '@atrium/shared/workflow';

/** How the record tab shows the history: every record in time order, or summed up by node or by user. */
export type RecordView = 'all' | 'node' | 'user';

export interface RecordGroup {
  /** The node id or the handler's user id. */
  key: string;
  /** The node's name or the handler's name. */
  title: string;
  /** The group's records, oldest first. */
  records: FlowRecord[];
  /** How many records of each handling status (0 returned, 1 approved ...), in the order they first occur. */
  counts: { handleStatus: number; count: number }[];
}

/**
 * The approval summary: the records grouped by node or by handler, groups in the order their first
 * record happened and records oldest first inside each, with the number of each kind of handling.
 */
export function groupRecords(records: readonly FlowRecord[], by: 'node' | 'user'): RecordGroup[] {
  const sorted = [...records].sort((a, b) => a.handleTime - b.handleTime);
  const groups = new Map<string, RecordGroup>();
  for (const record of sorted) {
    const key = by === 'node' ? record.nodeId : record.handleId;
    let group = groups.get(key);
    if (!group) {
      group = { key, title: by === 'node' ? record.nodeName : record.userName, records: [], counts: [] };
      groups.set(key, group);
    }
    group.records.push(record);
    const count = group.counts.find((c) => c.handleStatus === record.handleStatus);
    if (count) count.count += 1;
    else group.counts.push({ handleStatus: record.handleStatus, count: 1 });
  }
  return [...groups.values()];
}
