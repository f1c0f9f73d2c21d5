import { AREA_ROOT } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaApi } from '../../api/area.ts';
import { joinNames, pathsOf, pickerLevel, toOptions, withChildren, type AreaOption } from './area-options.ts';
import { AreaTransferDialog } from './area-transfer-dialog.tsx';
import styles from './area-picker.module.css';
import { useAreaNames } from './use-area-names.ts';

type SingleValue = string[];
type MultipleValue = string[][];

export interface AddressPickerProps {
  /** One id path from the province down; with `multiple`, a list of them. */
  value?: SingleValue | MultipleValue | null;
  onChange?: (value: SingleValue | MultipleValue) => void;
  multiple?: boolean;
  /** The deepest level offered: 0 province, 1 city, 2 district (default), 3 street. */
  level?: number;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  /** Set by Form.Item so the label points at the input. */
  id?: string;
  'data-testid'?: string;
}

/**
 * The address picker: one place is picked in a cascade of
 * province, city, district (and street) loaded level by level from GET /api/system/Area/{parentId};
 * several places show as tags and are picked in the 'province/city/district' tree-transfer dialog.
 * A saved value shows its names through GetAreaByIds before its levels have been loaded.
 */
export function AddressPicker(props: AddressPickerProps) {
  const { t } = useTranslation();
  const { multiple = false, allowClear = true } = props;
  const level = pickerLevel(props.level);
  const paths = useMemo(() => pathsOf(props.value), [props.value]);
  const names = useAreaNames(paths);
  const { data: provinces } = useQuery({
    queryKey: ['system', 'area', 'picker', AREA_ROOT],
    queryFn: () => areaApi.children(AREA_ROOT, { enabledOnly: true }),
    staleTime: 5 * 60_000,
  });
  const [options, setOptions] = useState<AreaOption[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  useEffect(() => {
    if (provinces) setOptions(toOptions(provinces, level));
  }, [provinces, level]);

  async function loadData(selected: AreaOption[]) {
    const target = selected[selected.length - 1];
    if (!target) return;
    const rows = await areaApi.children(target.value, { enabledOnly: true });
    setOptions((current) => withChildren(current, target.value, toOptions(rows, level)));
  }

  /** The path's text: the loaded options' labels when complete, else the looked-up names. */
  const textOf = (path: readonly string[], labels?: readonly string[]) => {
    const looked = names.get(path[path.length - 1] ?? '');
    if (labels && labels.length === path.length && labels.every((l, i) => l !== path[i])) return joinNames(labels);
    return looked ? joinNames(looked) : joinNames(labels ?? path);
  };

  const common = {
    id: props.id,
    options,
    loadData,
    placeholder: props.placeholder ?? t('area.pickerPlaceholder'),
    disabled: props.disabled,
    allowClear,
    style: { width: '100%', ...props.style },
    notFoundContent: t('admin.empty'),
    'data-testid': props['data-testid'],
  };

  if (multiple) {
    const picked = paths.map((ids) => ({ ids, names: names.get(ids[ids.length - 1] ?? '') ?? ids }));
    return (
      <>
        <div
          id={props.id}
          role="button"
          tabIndex={props.disabled ? -1 : 0}
          aria-disabled={props.disabled}
          className={styles.tags}
          style={props.style}
          onClick={() => !props.disabled && setDialogOpen(true)}
          onKeyDown={(e) => e.key === 'Enter' && !props.disabled && setDialogOpen(true)}
          data-testid={props['data-testid']}
        >
          {picked.length ? (
            picked.map((p) => (
              <Tag
                key={p.ids.join()}
                closable={!props.disabled}
                onClose={(e) => {
                  e.stopPropagation();
                  props.onChange?.(paths.filter((ids) => ids !== p.ids));
                }}
              >
                {joinNames(p.names)}
              </Tag>
            ))
          ) : (
            <span className={styles.placeholder}>{common.placeholder}</span>
          )}
        </div>
        <AreaTransferDialog
          open={dialogOpen}
          value={picked}
          level={level}
          onCancel={() => setDialogOpen(false)}
          onConfirm={(next) => {
            setDialogOpen(false);
            props.onChange?.(next.map((p) => p.ids));
          }}
        />
      </>
    );
  }
  return (
    <Cascader<AreaOption>
      {...common}
      value={paths[0] ?? []}
      onChange={(next) => props.onChange?.((next ?? []).map(String))}
      displayRender={(labels) => textOf(paths[0] ?? [], labels.map(String))}
    />
  );
}
