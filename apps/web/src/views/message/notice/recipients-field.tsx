import { Button, Radio, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectDialog } from '../../../components/select-dialog/index.ts';
import { recipientOptions, type RecipientMode, type RecipientOption } from './recipients.ts';

/** The recipients of a notice as the form holds them. */
export interface Recipients {
  mode: RecipientMode;
  /** Picker values; empty for everyone. */
  ids: string[];
}

interface Props {
  value?: Recipients;
  onChange?: (value: Recipients) => void;
}

type PickMode = Exclude<RecipientMode, 'everyone'>;

/**
 * Everyone, or organisations / roles / users chosen in the select dialog. The chosen ones show as
 * tags (names looked up from the mode's list, so a loaded notice shows names, not ids).
 */
export function RecipientsField({ value = { mode: 'everyone', ids: [] }, onChange }: Props) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [options, setOptions] = useState<Partial<Record<PickMode, RecipientOption[]>>>({});
  const mode = value.mode;

  useEffect(() => {
    if (mode === 'everyone' || options[mode] || !value.ids.length) return;
    let alive = true;
    recipientOptions(mode)
      .then((list) => alive && setOptions((o) => ({ ...o, [mode]: list })))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [mode, options, value.ids.length]);

  const labelOf = (id: string) => options[mode as PickMode]?.find((o) => o.value === id)?.label ?? '…';
  const picked: RecipientOption[] = value.ids.map((id) => ({ value: id, label: labelOf(id), detail: '' }));
  const titles: Record<PickMode, string> = {
    organizes: t('message.pickOrganizes'),
    roles: t('message.pickRoles'),
    users: t('message.pickUsers'),
  };

  return (
    <div data-testid="notice-recipients">
      <Radio.Group
        value={mode}
        onChange={(e) => onChange?.({ mode: e.target.value as RecipientMode, ids: [] })}
        options={[
          { value: 'everyone', label: t('message.everyone') },
          { value: 'organizes', label: t('message.organizes') },
          { value: 'roles', label: t('message.roles') },
          { value: 'users', label: t('message.users') },
        ]}
      />
      {mode !== 'everyone' && (
        <Space wrap size={[4, 4]} style={{ marginTop: 8 }}>
          {picked.map((p) => (
            <Tag
              key={p.value}
              closable
              onClose={() => onChange?.({ mode, ids: value.ids.filter((id) => id !== p.value) })}
            >
              {p.label}
            </Tag>
          ))}
          <Button size="small" onClick={() => setPicking(true)} data-testid="notice-recipients-pick">
            {t('message.pick')}
          </Button>
        </Space>
      )}
      {mode !== 'everyone' && (
        <SelectDialog<RecipientOption>
          open={picking}
          title={titles[mode]}
          multiple
          paging={false}
          rowKey="value"
          value={picked}
          columns={[
            { key: 'label', dataIndex: 'label', title: t('message.name') },
            { key: 'detail', dataIndex: 'detail', title: t('message.organize') },
          ]}
          fetchRecords={async ({ keyword }) => {
            const list = await recipientOptions(mode, keyword);
            if (!keyword) setOptions((o) => ({ ...o, [mode]: list }));
            return list;
          }}
          onConfirm={(rows) => {
            setOptions((o) => ({ ...o, [mode]: mergeOptions(o[mode], rows) }));
            onChange?.({ mode, ids: rows.map((r) => r.value) });
            setPicking(false);
          }}
          onCancel={() => setPicking(false)}
        />
      )}
    </div>
  );
}

function mergeOptions(known: RecipientOption[] | undefined, rows: RecipientOption[]): RecipientOption[] {
  const map = new Map((known ?? []).map((o) => [o.value, o]));
  for (const row of rows) map.set(row.value, row);
  return [...map.values()];
}
