import { UserOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickUserDialog } from '../pickers/pick-user-dialog.tsx';
import type { PickedItem } from '../pickers/picker-values.ts';

/** People picked for a flow action (transfer, add-sign, assign, copy, delegate): tags and a pick button. */
export function UserPickField(props: {
  value: PickedItem[];
  onChange: (items: PickedItem[]) => void;
  multiple?: boolean;
  /** What is picked, in the dialog's title. */
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div data-testid={props.testId}>
      {props.value.map((item) => (
        <Tag key={item.id} closable onClose={() => props.onChange(props.value.filter((v) => v.id !== item.id))}>
          {item.fullName}
        </Tag>
      ))}
      <Button size="small" icon={<UserOutlined />} onClick={() => setOpen(true)}>
        {t('workflow.pickUser')}
      </Button>
      <PickUserDialog
        open={open}
        label={props.label}
        multiple={props.multiple}
        onCancel={() => setOpen(false)}
        onConfirm={(items) => {
          setOpen(false);
          props.onChange(
            props.multiple
              ? [...props.value, ...items.filter((i) => !props.value.some((v) => v.id === i.id))]
              : items.slice(0, 1),
          );
        }}
      />
    </div>
  );
}
