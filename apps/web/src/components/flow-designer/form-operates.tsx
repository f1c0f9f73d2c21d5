/**
 * A node's field permissions: every data field of the bound form with read, write and required
 * boxes. Writing implies reading and required implies writing, so the stored rows never contradict
 * themselves. A field without a row reads as the node type's default (the start writes, others read).
 */
import type { FormOperate } from '@atrium/shared/workflow';
import { Checkbox, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlowEnv } from './context.tsx';

type Flag = 'read' | 'write' | 'required';

interface Row {
  id: string;
  name: string;
  operate: FormOperate;
}

/** The row of one field as stored, or the default of the node. */
function operateOf(
  stored: readonly FormOperate[] | undefined,
  id: string,
  name: string,
  writable: boolean,
): FormOperate {
  return stored?.find((o) => o.id === id) ?? { id, name, read: true, write: writable, required: false };
}

/** The operate with one flag set, and the flags it implies. */
export function withFlag(operate: FormOperate, flag: Flag, on: boolean): FormOperate {
  const next = { ...operate, [flag]: on };
  if (flag === 'write' && on) next.read = true;
  if (flag === 'required' && on) Object.assign(next, { read: true, write: true });
  if (flag === 'read' && !on) Object.assign(next, { write: false, required: false });
  if (flag === 'write' && !on) next.required = false;
  return next;
}

export function FormOperatesTable({
  value,
  onChange,
  writable,
}: {
  value: readonly FormOperate[] | undefined;
  onChange: (operates: FormOperate[]) => void;
  /** Whether a field without a row is writable by default (the start node). */
  writable: boolean;
}) {
  const { t } = useTranslation();
  const { fields } = useFlowEnv();
  const rows: Row[] = fields.map((f) => {
    const name = f.field.__config__.label || f.key;
    return { id: f.key, name, operate: operateOf(value, f.key, name, writable) };
  });
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flowDesigner.noFormFields')} />;

  const commit = (next: Row[]) => onChange(next.map((r) => r.operate));
  const setOne = (id: string, flag: Flag, on: boolean) =>
    commit(rows.map((r) => (r.id === id ? { ...r, operate: withFlag(r.operate, flag, on) } : r)));
  const setAll = (flag: Flag, on: boolean) =>
    commit(rows.map((r) => ({ ...r, operate: withFlag(r.operate, flag, on) })));

  const column = (flag: Flag) => {
    const count = rows.filter((r) => r.operate[flag]).length;
    return {
      key: flag,
      width: 80,
      align: 'center' as const,
      title: (
        <Checkbox
          checked={count === rows.length}
          indeterminate={count > 0 && count < rows.length}
          onChange={(e) => setAll(flag, e.target.checked)}
          data-testid={`flow-operates-all-${flag}`}
        >
          {t(`flowDesigner.operates.${flag}`)}
        </Checkbox>
      ),
      render: (_: unknown, row: Row) => (
        <Checkbox
          checked={!!row.operate[flag]}
          onChange={(e) => setOne(row.id, flag, e.target.checked)}
          aria-label={`${row.name} ${t(`flowDesigner.operates.${flag}`)}`}
          data-testid={`flow-operate-${row.id}-${flag}`}
        />
      ),
    };
  };
  const columns: TableColumnsType<Row> = [
    { key: 'name', dataIndex: 'name', title: t('flowDesigner.operates.field'), ellipsis: true },
    column('read'),
    column('write'),
    column('required'),
  ];
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows}
      data-testid="flow-operates"
    />
  );
}
