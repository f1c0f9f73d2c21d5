import { Tag, type TableColumnType } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { RowActions } from './row-actions.tsx';
import { StateSwitch } from './state-switch.tsx';

/*
 * Columns that every management list shows alike (status, order, creation time, description,
 * actions), so the screens cannot drift apart in widths, formats or wording.
 */

/** Read-only status: a green 'enabled' or red 'disabled' tag. */
export function enabledTagColumn<T>(t: TFunction): TableColumnType<T> {
  return {
    key: 'enabledMark',
    dataIndex: 'enabledMark',
    title: t('admin.status'),
    width: 80,
    render: (v: number) =>
      v === 1 ? <Tag color="success">{t('admin.enabled')}</Tag> : <Tag color="error">{t('admin.disabled')}</Tag>,
  };
}

/** Status as a switch that toggles the record's state action (read-only without btn_edit). */
export function stateSwitchColumn<T extends { id: string }>(
  t: TFunction,
  stateUrl: (id: string) => string,
  onChanged: () => void,
): TableColumnType<T> {
  return {
    key: 'enabledMark',
    dataIndex: 'enabledMark',
    title: t('admin.status'),
    width: 90,
    render: (v: number, row) => <StateSwitch enabled={v === 1} url={stateUrl(row.id)} onChanged={onChanged} />,
  };
}

export function sortCodeColumn<T>(t: TFunction): TableColumnType<T> {
  return { key: 'sortCode', dataIndex: 'sortCode', title: t('admin.sortCode'), width: 70, align: 'right' };
}

export function creatorTimeColumn<T>(t: TFunction): TableColumnType<T> {
  return {
    key: 'creatorTime',
    dataIndex: 'creatorTime',
    title: t('admin.creatorTime'),
    width: 170,
    render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
  };
}

export function descriptionColumn<T>(t: TFunction, width: number): TableColumnType<T> {
  return { key: 'description', dataIndex: 'description', title: t('admin.description'), ellipsis: true, width };
}

/** The row's action links, kept visible on the right when the table scrolls sideways. */
export function actionsColumn<T>(t: TFunction, render: (row: T) => ReactNode, width = 130): TableColumnType<T> {
  return { key: 'actions', title: t('admin.actions'), width, fixed: 'right', render: (_, row) => render(row) };
}

interface RecordColumnsOptions<T> {
  /** enabledTagColumn (read-only) or stateSwitchColumn (toggles). */
  status: TableColumnType<T>;
  descriptionWidth: number;
  /** Prefix of the row links' test ids (`${testId}-edit`, `${testId}-remove`). */
  testId: string;
  onEdit: (row: T) => void;
  /** The resource's delete call. */
  remove: (id: string) => Promise<{ msg?: string }>;
  onRemoved: () => void;
}

/**
 * The closing columns of a list of named records (positions, groups, roles): status, order,
 * creation time, description and the edit/remove links.
 */
export function recordColumns<T extends { id: string }>(
  t: TFunction,
  o: RecordColumnsOptions<T>,
): TableColumnType<T>[] {
  return [
    o.status,
    sortCodeColumn(t),
    creatorTimeColumn(t),
    descriptionColumn(t, o.descriptionWidth),
    actionsColumn(t, (row) => (
      <RowActions
        testId={o.testId}
        onEdit={() => o.onEdit(row)}
        onRemove={() => o.remove(row.id)}
        onRemoved={o.onRemoved}
      />
    )),
  ];
}
