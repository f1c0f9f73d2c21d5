import { useQuery } from '@tanstack/react-query';
import { Alert, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { modelApi } from '../../../api/visualdev.ts';
import { formContextOf } from '../../../components/form-runtime/index.ts';
import { usePageContext } from '../../../keep-alive/page-context.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { readModel } from '../../generic/online-form/model.ts';
import { OnlineList } from '../../generic/online-form/online-list.tsx';
import { RecordSourceProvider } from '../../generic/online-form/record-source.ts';
import { visualdevTexts } from '../texts.ts';
import { createSampleSource } from './sample-data.ts';
import styles from './preview-model.module.css';

export const texts = visualdevTexts;

/**
 * Function preview (`/previewModel?id=`): a model's current design (its draft, released or not) as
 * the working list and form its menu page would show, over sample records that stay in the page.
 * Every button shows, whatever the list's permission settings, as there is no menu to grant yet.
 */
export default function PreviewModelPage() {
  const { t, i18n } = useTranslation();
  const { search } = usePageContext();
  const id = new URLSearchParams(search).get('id') ?? '';
  const userInfo = useSessionStore((s) => s.userInfo);
  const info = useQuery({
    queryKey: ['visualdev', 'preview', id],
    queryFn: () => modelApi.info(id),
    enabled: !!id,
    gcTime: 0,
  });
  const preview = useMemo(() => {
    if (!info.data) return null;
    const model = readModel({ ...info.data, menuId: null });
    model.list = {
      ...model.list,
      useBtnPermission: false,
      useColumnPermission: false,
      useFormPermission: false,
      useDataPermission: false,
    };
    const source = createSampleSource(model.form, model.list, formContextOf(userInfo, i18n.language));
    return { model, source };
  }, [info.data, userInfo, i18n.language]);

  if (!id) return <Result status="warning" title={t('visualdev.previewNoModel')} data-testid="preview-error" />;
  if (info.isError)
    return (
      <Result
        status="warning"
        title={t('visualdev.previewTitle')}
        subTitle={info.error instanceof Error ? info.error.message : undefined}
        data-testid="preview-error"
      />
    );
  if (!preview)
    return (
      <div className={styles.loading}>
        <Spin />
      </div>
    );
  return (
    <div className={styles.page} data-testid="preview-model">
      <Alert
        type="info"
        showIcon
        message={`${t('visualdev.previewTitle')}: ${preview.model.fullName}`}
        description={t('visualdev.previewDraft')}
        className={styles.note}
      />
      <RecordSourceProvider value={preview.source}>
        <OnlineList key={preview.model.id} model={preview.model} menuId={undefined} />
      </RecordSourceProvider>
    </div>
  );
}
