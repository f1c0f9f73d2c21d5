import { RightOutlined } from '@ant-design/icons';
import type { PageResult } from '@atrium/shared';
import { FlowListCategory, type FlowListItem } from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listFlowTasks, listMyLaunches, type FlowListQuery } from '../../api/workflow.ts';
import { flowDetailLink } from '../../components/flow-status/detail-link.ts';
import { FlowStatusTag, UrgencyTag } from '../../components/flow-status/flow-status.tsx';
import { detailConfigOf, type FlowListKind } from '../../components/flow-status/list-kinds.ts';
import { workflowTexts } from '../../components/flow-status/texts.ts';
import { loadAreaTexts } from '../../locales/index.ts';
import { menuPath } from '../../router/menu-routes.ts';
import { useFlowCountsStore } from '../../stores/flow-counts.ts';
import { useSessionStore } from '../../stores/session.ts';
import { CIRCULATE_VIEW, LAUNCH_VIEW, TODO_VIEW } from '../../components/flow-status/count-views.ts';
import { findMenuByView } from './home-cards.ts';
import styles from './home.module.css';
import { Section } from './section.tsx';

/** Rows per list: what a staff member glances at when the day starts. */
export const HOME_FLOW_ROWS = 6;

/** The workflow texts arrive with this chunk, not with the shell's. */
export const loadHomeFlowTexts = () => loadAreaTexts(workflowTexts);

type HomeKind = Extract<FlowListKind, 'todo' | 'launch' | 'circulate'>;

const LISTS: {
  kind: HomeKind;
  view: string;
  title: string;
  fetch: (q: FlowListQuery) => Promise<PageResult<FlowListItem>>;
}[] = [
  { kind: 'todo', view: TODO_VIEW, title: 'workflow.home.todo', fetch: (q) => listFlowTasks(FlowListCategory.todo, q) },
  { kind: 'launch', view: LAUNCH_VIEW, title: 'workflow.home.launch', fetch: listMyLaunches },
  {
    kind: 'circulate',
    view: CIRCULATE_VIEW,
    title: 'workflow.home.circulate',
    fetch: (q) => listFlowTasks(FlowListCategory.circulate, q),
  },
];

function FlowRows({ kind, fetch }: { kind: HomeKind; fetch: (q: FlowListQuery) => Promise<PageResult<FlowListItem>> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A flow action elsewhere moves the counts: the lists follow them.
  const todo = useFlowCountsStore((s) => s.todo);
  const launch = useFlowCountsStore((s) => s.launch);
  const rows = useQuery({
    queryKey: ['workflow', 'home', kind, todo, launch],
    queryFn: () => fetch({ currentPage: 1, pageSize: HOME_FLOW_ROWS }),
  });
  if (rows.isError)
    return (
      <p className={styles.empty}>
        {t('homePage.loadFailed')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void rows.refetch()}>
          {t('homePage.retry')}
        </button>
      </p>
    );
  if (!rows.data) return <p className={styles.empty}>{t('common.loading')}</p>;
  if (!rows.data.list.length)
    return (
      <p className={styles.empty} data-testid={`home-flow-${kind}-empty`}>
        {t('workflow.home.empty')}
      </p>
    );
  return (
    <ul className={styles.feed} data-testid={`home-flow-${kind}-list`}>
      {rows.data.list.slice(0, HOME_FLOW_ROWS).map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className={styles.feedItem}
            onClick={() => navigate(flowDetailLink(detailConfigOf(kind, row)))}
          >
            <span className={styles.feedTitle}>
              <UrgencyTag value={row.flowUrgent} />
              {row.fullName}
            </span>
            <span className={styles.feedMeta}>
              {kind === 'launch' ? <FlowStatusTag status={row.status} /> : row.userName?.split('/')[0]}{' '}
              {dayjs(row.startTime ?? row.creatorTime).format('MM-DD HH:mm')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a staff member starts the day with: his to-dos, his applications and what was copied to
 * him, a few rows each, for the workflow menus he holds; each row opens its flow.
 */
export function HomeFlows() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuList = useSessionStore((s) => s.menuList);
  const lists = LISTS.map((list) => ({ ...list, menu: findMenuByView(menuList, list.view) })).filter((l) => l.menu);
  if (!lists.length) return null;
  return (
    <div className={styles.feedGrid} data-testid="home-flows">
      {lists.map(({ kind, title, fetch, menu }) => {
        const path = menu ? menuPath(menu) : null;
        return (
          <Section
            key={kind}
            title={t(title)}
            testId={`home-flow-${kind}`}
            extra={
              path && (
                <button type="button" className={styles.linkButton} onClick={() => navigate(path)}>
                  {t('workflow.home.more')} <RightOutlined />
                </button>
              )
            }
          >
            <FlowRows kind={kind} fetch={fetch} />
          </Section>
        );
      })}
    </div>
  );
}
