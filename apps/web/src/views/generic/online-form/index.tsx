import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineDevApi } from '../../../api/visualdev.ts';
import { usePageContext } from '../../../keep-alive/page-context.ts';
import { readModel } from './model.ts';
import { OnlineList } from './online-list.tsx';
import styles from './online-form.module.css';

/**
 * The page behind a type 3 menu entry (online form): the released model named by the menu's
 * moduleId, its list and its form. A model that cannot be read (deleted, never released, no
 * permission) shows why instead of an empty list.
 */
export default function OnlineFormPage() {
  const { t } = useTranslation();
  const { meta } = usePageContext();
  const moduleId = meta.moduleId;
  const config = useQuery({
    queryKey: ['visualdev', 'onlineDev', moduleId, 'config'],
    queryFn: () => onlineDevApi.config(moduleId!),
    enabled: !!moduleId,
  });
  const model = useMemo(() => (config.data ? readModel(config.data) : null), [config.data]);

  if (!moduleId || config.isError)
    return (
      <Result
        status="warning"
        title={t('onlineForm.unavailable')}
        subTitle={config.error instanceof Error ? config.error.message : t('onlineForm.noModel')}
        extra={
          moduleId && (
            <Button onClick={() => void config.refetch()} data-testid="online-form-retry">
              {t('admin.retry')}
            </Button>
          )
        }
        data-testid="online-form-error"
      />
    );
  if (!model)
    return (
      <div className={styles.loading} data-testid="online-form-loading">
        <Spin />
      </div>
    );
  return <OnlineList key={model.id} model={model} menuId={meta.id} />;
}
