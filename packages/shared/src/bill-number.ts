/**
 * Bill rules: how a business number is formatted. The server
 * issues numbers with it and the bill rule form previews the next one with the same code.
 */
import type { NamedRecord, NamedRecordForm } from './organize.ts';

export const BILL_DATE_FORMATS = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'no'] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];

/** Longest serial a rule may pad to; numbers stay well inside Number.MAX_SAFE_INTEGER. */
export const BILL_MAX_DIGIT = 12;

/** What a number is made of. */
export interface BillNumberFormat {
  prefix: string;
  dateFormat: BillDateFormat;
  /** Serial length: the serial is left-padded with zeros to it (a longer serial is not cut). */
  digit: number;
  /** First serial of each period, a string of digits greater than zero. */
  startNumber: string;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/**
 * The date part of a number issued at `at`, in local time: the counter starts again whenever this
 * differs from the date part of the last issued number ('no' never changes, so it never resets).
 */
export function billDatePart(dateFormat: BillDateFormat, at: Date | number): string {
  const d = typeof at === 'number' ? new Date(at) : at;
  const year = pad(d.getFullYear(), 4);
  switch (dateFormat) {
    case 'yyyyMMdd':
      return `${year}${pad(d.getMonth() + 1, 2)}${pad(d.getDate(), 2)}`;
    case 'yyyyMM':
      return `${year}${pad(d.getMonth() + 1, 2)}`;
    case 'yyyy':
      return year;
    case 'no':
      return '';
  }
}

/**
 * The number with the given date part whose serial is startNumber + counter: counter 0 is the first
 * number of a period.
 */
export function formatBillNumber(format: BillNumberFormat, datePart: string, counter: number): string {
  const serial = Number(format.startNumber) + counter;
  return `${format.prefix}${datePart}${pad(serial, format.digit)}`;
}

/** The first number the rule would issue at `at` (the form's live example). */
export function billNumberExample(format: BillNumberFormat, at: Date | number): string {
  return formatBillNumber(format, billDatePart(format.dateFormat, at), 0);
}

/** One row of GET /api/system/BillRule. */
export interface BillRuleListItem extends NamedRecord {
  category: string;
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: string;
  example: string;
  /** Numbers issued in the current period. */
  thisNumber: number;
  /** The last number issued, '' before the first. */
  outputNumber: string;
  creatorTime: number;
  lastModifyTime: number | null;
}

/** GET /api/system/BillRule/{id}: the list row and the version PUT must send back. */
export interface BillRuleInfo extends BillRuleListItem {
  version: number;
}

/** Body of POST/PUT /api/system/BillRule; `version` is required on PUT. */
export interface BillRuleForm extends NamedRecordForm {
  category?: string;
  prefix?: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: string;
}

/** One row of the business number template dialog (GET /api/system/BillRule/Selector). */
export interface BillRuleTemplate {
  id: string;
  fullName: string;
  enCode: string;
  startNumber: string;
  category: string;
}
