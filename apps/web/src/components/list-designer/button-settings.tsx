import type { ColumnData, ListButton } from '@atrium/shared/forms';
import { Checkbox, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROW_BUTTONS, setButton, TOOLBAR_BUTTONS } from './fields.ts';
import styles from './list-designer.module.css';

interface Props {
  value: ColumnData;
  onChange: (value: ColumnData) => void;
}

function ButtonGroup({
  list,
  known,
  onChange,
  testId,
}: {
  list: readonly ListButton[] | undefined;
  known: readonly string[];
  onChange: (list: ListButton[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.buttonList} data-testid={testId}>
      {known.map((name) => {
        const button = list?.find((b) => b.value === name);
        const fallback = t(`listDesigner.button.${name}`);
        return (
          <div key={name} className={styles.buttonRow} data-testid={`button-${name}`}>
            <Checkbox
              checked={!!button}
              onChange={(e) => onChange(setButton(list, known, name, e.target.checked, fallback))}
              data-testid="button-on"
            >
              <span className={styles.buttonName}>{fallback}</span>
            </Checkbox>
            <Input
              size="small"
              disabled={!button}
              value={button?.label ?? ''}
              placeholder={fallback}
              aria-label={`${fallback} ${t('listDesigner.buttonLabel')}`}
              onChange={(e) =>
                onChange((list ?? []).map((b) => (b.value === name ? { ...b, label: e.target.value } : b)))
              }
              data-testid="button-label"
            />
          </div>
        );
      })}
    </div>
  );
}

/** The toolbar and row buttons with their labels. */
export function ButtonSettings({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.settings}>
      <div className={styles.sectionTitle}>{t('listDesigner.toolbarButtons')}</div>
      <ButtonGroup
        list={value.btnsList}
        known={TOOLBAR_BUTTONS}
        onChange={(btnsList) => onChange({ ...value, btnsList })}
        testId="toolbar-buttons"
      />
      <div className={styles.sectionTitle}>{t('listDesigner.rowButtons')}</div>
      <ButtonGroup
        list={value.columnBtnsList}
        known={ROW_BUTTONS}
        onChange={(columnBtnsList) => onChange({ ...value, columnBtnsList })}
        testId="row-buttons"
      />
    </div>
  );
}

const PERMISSIONS = [
  ['useColumnPermission', 'column'],
  ['useFormPermission', 'form'],
  ['useBtnPermission', 'button'],
  ['useDataPermission', 'data'],
] as const;

/** Which of the menu's grants the list applies: columns, form fields, buttons and data schemes. */
export function PermissionSettings({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.settings} data-testid="list-designer-permissions">
      {PERMISSIONS.map(([key, name]) => (
        <div key={key} className={styles.switchRow}>
          <div>
            <div className={styles.typeName}>{t(`listDesigner.permission.${name}`)}</div>
            <div className={styles.hint}>{t(`listDesigner.permission.${name}Hint`)}</div>
          </div>
          <Switch
            size="small"
            checked={value[key] === true}
            onChange={(on) => onChange({ ...value, [key]: on })}
            aria-label={t(`listDesigner.permission.${name}`)}
            data-testid={`permission-${name}`}
          />
        </div>
      ))}
    </div>
  );
}
