import { ApartmentOutlined, IdcardOutlined, TeamOutlined, UserOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getDashboard, type Dashboard } from '../../api/home.ts';

// ECharts comes with the chart, in its own chunk, after the counts are on screen.
const LineChart = lazy(() => import('../../components/chart/line-chart.tsx'));

const CARDS: { key: keyof Omit<Dashboard, 'signIns'>; label: string; icon: ReactNode; color: string }[] = [
  { key: 'userCount', label: 'dashboard.users', icon: <UserOutlined />, color: '#1677ff' },
  { key: 'organizeCount', label: 'dashboard.organizes', icon: <ApartmentOutlined />, color: '#13c2c2' },
  { key: 'positionCount', label: 'dashboard.positions', icon: <IdcardOutlined />, color: '#722ed1' },
  { key: 'roleCount', label: 'dashboard.roles', icon: <TeamOutlined />, color: '#fa8c16' },
  { key: 'onlineUserCount', label: 'dashboard.online', icon: <WifiOutlined />, color: '#52c41a' },
];

/** Organisation overview: head counts and the last week's sign-ins. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({
    queryKey: ['home', 'dashboard'],
    queryFn: async () => (await getDashboard()).data ?? null,
  });
  const signIns = data?.signIns;
  const chart = useMemo(
    () => ({ categories: (signIns ?? []).map((d) => d.date.slice(5)), values: (signIns ?? []).map((d) => d.count) }),
    [signIns],
  );

  return (
    <div data-testid="dashboard-page" style={{ padding: 16 }}>
      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.key} xs={12} sm={12} md={8} xl={{ flex: '20%' }}>
            <Card size="small" data-testid={`dashboard-${card.key}`}>
              <Statistic
                title={t(card.label)}
                value={data?.[card.key] ?? 0}
                loading={isPending}
                prefix={<span style={{ color: card.color }}>{card.icon}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('dashboard.signIns')} style={{ marginTop: 16 }}>
        {isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : data?.signIns?.length ? (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <LineChart
              testId="dashboard-chart"
              categories={chart.categories}
              values={chart.values}
              seriesName={t('dashboard.signInCount')}
            />
          </Suspense>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
    </div>
  );
}
