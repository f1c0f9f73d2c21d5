import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, MENU_ICONS } from './icon-set.ts';
import styles from './icon-picker.module.css';

interface Props {
  value?: string | null;
  onChange?(value: string): void;
  id?: string;
  'data-testid'?: string;
}

function IconOption({ name }: { name: string }) {
  const Icon = MENU_ICONS[name];
  return (
    <span className={styles.option}>
      <span className={styles.glyph}>{Icon ? <Icon /> : null}</span>
      <span className={styles.name}>{name}</span>
    </span>
  );
}

/**
 * Picks a menu or system icon from the set the shell can draw, each shown beside its name and
 * searchable by name. A stored value outside the set (an older icon-font class) stays selectable,
 * so opening such a record does not silently drop it.
 */
export function IconPicker({ value, onChange, id, 'data-testid': testId }: Props) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const names = value && !MENU_ICONS[value] ? [value, ...MENU_ICON_NAMES] : MENU_ICON_NAMES;
    return names.map((name) => ({ value: name, label: <IconOption name={name} />, search: name.toLowerCase() }));
  }, [value]);
  return (
    <Select
      id={id}
      data-testid={testId}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? '')}
      options={options}
      showSearch={{
        filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()),
      }}
      allowClear
      placeholder={t('shellUi.iconPicker.placeholder')}
      notFoundContent={t('shellUi.iconPicker.empty')}
      listHeight={320}
    />
  );
}
