import type { ListedRecord, NamedRecordForm, VersionedRecord } from './organize.ts';

/** A job grade as the grade list shows it: its level and how many positions and users carry it. */
export interface GradeListItem extends ListedRecord {
  gradeLevel: number;
  positionCount: number;
  userCount: number;
}

/** One job grade for its edit dialog. */
export interface GradeInfo extends VersionedRecord {
  gradeLevel: number;
}

export interface GradeForm extends NamedRecordForm {
  gradeLevel: number;
}

/** An enabled grade as the grade pickers (position and user dialogs) offer it. */
export interface GradeOption {
  id: string;
  fullName: string;
  enCode: string;
  gradeLevel: number;
}
