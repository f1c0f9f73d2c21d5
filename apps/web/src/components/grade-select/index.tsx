import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { gradeApi } from '../../api/grade.ts';

/** The react-query key of the enabled grades; grade management invalidates it after a change. */
export const GRADE_OPTIONS_KEY = ['permission', 'grade', 'options'] as const;

interface GradeSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Name of the current grade, shown when it has been disabled since and is no longer offered. */
  currentName?: string;
  'data-testid'?: string;
}

/** Picks one enabled job grade (or none) for a position or a user. */
export function GradeSelect({ value, onChange, currentName, ...rest }: GradeSelectProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({ queryKey: GRADE_OPTIONS_KEY, queryFn: gradeApi.options });
  const options = (data ?? []).map((g) => ({ value: g.id, label: `${g.fullName} (${g.enCode})` }));
  if (value && currentName && !options.some((o) => o.value === value)) options.push({ value, label: currentName });
  return (
    <Select
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={options}
      loading={isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('grade.placeholder')}
      style={{ width: '100%' }}
      data-testid={rest['data-testid']}
    />
  );
}
