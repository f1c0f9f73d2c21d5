import { MenuType } from '@atrium/shared';
import { FlowOpType } from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listLaunchableTemplates, type LaunchableTemplate } from '../../../api/workflow.ts';
import { flowDetailLink } from '../../../components/flow-status/detail-link.ts';
import { WORKFLOW_QUERY_KEY } from '../../../components/flow-status/flow-action.ts';
import { workflowTexts } from '../../../components/flow-status/texts.ts';
import { menuIcon } from '../../../components/menu-icon/menu-icon.tsx';
import type { AreaTexts } from '../../../locales/index.ts';
import { useDictionary } from '../../../stores/dictionaries.ts';
import styles from './add-flow.module.css';
import { groupTemplates } from './group-templates.ts';

export const texts: AreaTexts = workflowTexts;

const DEFAULT_ICON_BACKGROUND = '#1677ff';

/**
 * The launch centre: the templates the user may launch, grouped by category, with a search; a
 * template opens a new launch of it on the detail page.
 */
export default function AddFlowPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const category = useDictionary('flowCategory');
  const [keyword, setKeyword] = useState('');
  const templates = useQuery({
    queryKey: [...WORKFLOW_QUERY_KEY, 'launchable'],
    queryFn: () => listLaunchableTemplates(),
  });
  const groups = useMemo(() => groupTemplates(templates.data?.list ?? [], keyword), [templates.data, keyword]);

  const open = (tpl: LaunchableTemplate) => navigate(flowDetailLink({ flowId: tpl.id, opType: FlowOpType.launch }));

  let body;
  if (templates.isError)
    body = (
      <Empty description={t('admin.loadFailed')}>
        <Button onClick={() => void templates.refetch()}>{t('admin.retry')}</Button>
      </Empty>
    );
  else if (!templates.data) body = <Spin />;
  else if (!groups.length) body = <Empty description={t('admin.empty')} data-testid="add-flow-empty" />;
  else
    body = groups.map((group) => (
      <section key={group.category} className={styles.group} data-testid="add-flow-group">
        <h3 className={styles.groupTitle}>
          {group.category ? category.labelOf(group.category) : t('workflow.launchCentre.uncategorised')}
        </h3>
        <ul className={styles.grid}>
          {group.templates.map((tpl) => (
            <li key={tpl.id}>
              <button
                type="button"
                className={styles.card}
                onClick={() => open(tpl)}
                title={tpl.description ?? tpl.fullName}
                data-testid={`add-flow-${tpl.enCode}`}
              >
                <span className={styles.icon} style={{ background: tpl.iconBackground || DEFAULT_ICON_BACKGROUND }}>
                  {menuIcon(tpl.icon || 'icon-ym icon-ym-generator-flow', MenuType.page)}
                </span>
                <span className={styles.name}>{tpl.fullName}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    ));

  return (
    <div className={styles.page} data-testid="add-flow-page">
      <Input.Search
        className={styles.search}
        allowClear
        placeholder={t('workflow.launchCentre.search')}
        onSearch={setKeyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="add-flow-search"
      />
      {body}
    </div>
  );
}
