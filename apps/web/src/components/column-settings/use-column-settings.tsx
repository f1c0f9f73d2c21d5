import { SettingOutlined } from '@ant-design/icons';
import type { ColumnSetting } from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';
import { usePageContext } from '../../keep-alive/page-context.ts';
import { ColumnSettingsDrawer } from './column-settings-drawer.tsx';
import { applySettings, columnProp, defaultSettings, mergeSettings, sameSettings, type ColumnDef } from './merge.ts';

export const columnSettingsApi = {
  get: async (moduleId: string) =>
    (
      await request<ColumnSetting[]>({
        url: `/api/permission/Authority/GetColumnsByModuleId/${encodeURIComponent(moduleId)}`,
      })
    ).data ?? [],
  set: (moduleId: string, list: ColumnSetting[]) =>
    request<ColumnSetting[]>({
      url: '/api/permission/Authority/SetColumnsByModuleId',
      method: 'PUT',
      data: { moduleId, fieldList: JSON.stringify(list) },
    }),
};

type AnyColumn = { key?: unknown; dataIndex?: unknown; title?: unknown; fixed?: unknown };

/** Columns the user may arrange: every keyed column except fixed ones (selection, actions). */
function defsOf(columns: readonly AnyColumn[]): ColumnDef[] {
  return columns
    .filter((c) => !c.fixed && columnProp(c) !== undefined)
    .map((c) => ({ prop: columnProp(c)!, label: typeof c.title === 'string' ? c.title : columnProp(c)! }));
}

/**
 * Column settings of a list screen: loads the user's saved order and
 * visibility for the page's menu, applies them to the antd columns, and offers the button and the
 * drawer. Saving shows the new columns at once; a failed save puts the previous ones back.
 *
 *   const settings = useColumnSettings(columns);
 *   <Toolbar extra={settings.button} /> <Table columns={settings.columns} /> {settings.drawer}
 */
export function useColumnSettings<C extends AnyColumn>(
  columns: C[],
  moduleIdOverride?: string,
): { columns: C[]; button: ReactNode; drawer: ReactNode } {
  const { t } = useTranslation();
  const { meta } = usePageContext();
  const moduleId = moduleIdOverride ?? meta.id;
  const queryClient = useQueryClient();
  const key = ['column-settings', moduleId];
  const saved = useQuery({
    queryKey: key,
    queryFn: () => columnSettingsApi.get(moduleId!),
    enabled: !!moduleId,
    staleTime: Infinity,
  });
  const [open, setOpen] = useState(false);
  const defs = defsOf(columns);
  const defsKey = defs.map((d) => `${d.prop}:${d.label}`).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- defs are rebuilt each render; their content is defsKey.
  const defaults = useMemo(() => defaultSettings(defs), [defsKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const current = useMemo(() => mergeSettings(defs, saved.data ?? []), [defsKey, saved.data]);

  async function confirm(next: ColumnSetting[]) {
    setOpen(false);
    if (!moduleId || sameSettings(next, current)) return;
    const previous = saved.data ?? [];
    // Restoring the default stores an empty list, so later list changes keep applying.
    const stored = sameSettings(next, defaults) ? [] : next;
    queryClient.setQueryData(key, stored);
    try {
      await columnSettingsApi.set(moduleId, stored);
    } catch {
      queryClient.setQueryData(key, previous);
      void feedback().message.error(t('authorize.columnsSaveFailed'));
    }
  }

  return {
    columns: applySettings(columns, current),
    button: (
      <Tooltip title={t('authorize.columnSettings')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('authorize.columnSettings')}
          disabled={!moduleId}
          onClick={() => setOpen(true)}
          data-testid="column-settings-open"
        />
      </Tooltip>
    ),
    drawer: (
      <ColumnSettingsDrawer
        open={open}
        value={current}
        defaults={defaults}
        onConfirm={(next) => void confirm(next)}
        onClose={() => setOpen(false)}
      />
    ),
  };
}
