import type { Authority } from './authority.ts';

/**
 * Record-bound reads (print data) answer only a
 * caller who may see the record the id names. A module that owns records registers a source that
 * recognises its ids and says whether the caller may see one; an id no source recognises, or one
 * the caller may not see, answers 404, so a guessed id tells nothing about what exists.
 */
export interface RecordSource {
  /** What kind of record, for logs and docs: 'user', 'form', 'flowTask'... */
  kind: string;
  /** True or false for an id of this source; undefined for an id it does not own. */
  maySee(authority: Authority, id: string): Promise<boolean | undefined>;
  /**
   * The approval records of a record of this source that went through a flow (node, handler, time,
   * action, opinion), for print templates; undefined for an id it does not own.
   */
  approvalRecords?(id: string): Promise<ApprovalRecord[] | undefined>;
}

/** One approval of a record, as a print template's approval table shows it. */
export interface ApprovalRecord {
  nodeName: string;
  userName: string;
  handleTime: number;
  handleStatus: number;
  handleOpinion: string | null;
}

export interface RecordAccess {
  register(source: RecordSource): void;
  /** Whether some source owns the id and lets the caller see it. */
  maySee(authority: Authority, id: string): Promise<boolean>;
  /** The approval records of the record the id names; none when no source keeps any for it. */
  approvalRecords(id: string): Promise<ApprovalRecord[]>;
}

export function createRecordAccess(): RecordAccess {
  const sources: RecordSource[] = [];
  return {
    register: (source) => void sources.push(source),
    async maySee(authority, id) {
      for (const source of sources) {
        const answer = await source.maySee(authority, id);
        if (answer !== undefined) return answer;
      }
      return false;
    },
    async approvalRecords(id) {
      for (const source of sources) {
        const answer = await source.approvalRecords?.(id);
        if (answer !== undefined) return answer;
      }
      return [];
    },
  };
}
