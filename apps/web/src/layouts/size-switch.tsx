import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIZES, useSettingsStore, type Size } from '../stores/settings.ts';
import { feedback } from '../app/feedback.ts';
import { useMenuButton } from './use-menu-button.tsx';

/** Component size of the whole app (default, medium, small, mini). */
export function SizeSwitch() {
  const { t } = useTranslation();
  const { message } = feedback();
  const { dropdownProps, triggerRef } = useMenuButton();
  const size = useSettingsStore((s) => s.size);
  const setSize = useSettingsStore((s) => s.setSize);

  function choose(next: Size) {
    if (next === size) return;
    setSize(next);
    void message.success(t('shell.switchSizeSuccess'));
  }

  return (
    <Dropdown
      trigger={['click']}
      {...dropdownProps}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((value) => ({
          key: value,
          label: <span data-testid={`size-${value}`}>{t(`shell.sizes.${value}`)}</span>,
        })),
        onClick: ({ key }) => choose(key as Size),
      }}
    >
      <Button
        ref={triggerRef}
        type="text"
        data-testid="size-switch"
        aria-label={t('shell.size')}
        icon={<FontSizeOutlined />}
      />
    </Dropdown>
  );
}
