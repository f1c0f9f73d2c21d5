import { ApartmentOutlined, IdcardOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserOrganizes, getUserPositions, setMajor, type MajorType } from '../../api/current-user.ts';
import { useSessionStore } from '../../stores/session.ts';
import styles from './profile.module.css';
import { feedback } from '../../app/feedback.ts';

interface MajorEntry {
  id: string;
  fullName: string;
  detail?: string;
  isDefault: boolean;
}

const ORGANIZES_KEY = ['current-user', 'organizes'] as const;
const POSITIONS_KEY = ['current-user', 'positions'] as const;

function MajorList({
  type,
  entries,
  loading,
  icon,
  onChosen,
}: {
  type: MajorType;
  entries: MajorEntry[];
  loading: boolean;
  icon: ReactNode;
  onChosen(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = feedback();
  const [busy, setBusy] = useState<string | null>(null);

  async function choose(id: string) {
    setBusy(id);
    try {
      const { msg } = await setMajor(id, type);
      void message.success(msg || t('profile.saved'));
      await onChosen();
    } catch {
      // Shown by the wrapper.
    } finally {
      setBusy(null);
    }
  }

  if (loading) return <Skeleton active />;
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty')} />;
  return (
    <Flex vertical gap={8} data-testid={`major-list-${type}`}>
      {entries.map((entry) => (
        <div key={entry.id} className={styles.majorRow} data-testid="major-item">
          <span style={{ color: '#1677ff', fontSize: 18 }}>{icon}</span>
          <div className={styles.majorName}>
            <div>{entry.fullName}</div>
            {entry.detail && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{entry.detail}</div>}
          </div>
          {entry.isDefault ? (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {t('profile.default')}
            </Tag>
          ) : (
            <Button
              size="small"
              type="link"
              loading={busy === entry.id}
              disabled={busy !== null}
              onClick={() => void choose(entry.id)}
              data-testid="major-set-default"
            >
              {t('profile.setDefault')}
            </Button>
          )}
        </div>
      ))}
    </Flex>
  );
}

/** The user's organisations and positions; the default one is what new records and the shell use. */
export function OrganizeTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const organizes = useQuery({
    queryKey: ORGANIZES_KEY,
    queryFn: async () => (await getUserOrganizes()).data ?? [],
  });
  const positions = useQuery({
    queryKey: POSITIONS_KEY,
    queryFn: async () => (await getUserPositions()).data ?? [],
  });

  async function afterChange() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ORGANIZES_KEY }),
      queryClient.invalidateQueries({ queryKey: POSITIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['current-user', 'base-info'] }),
      // The shell shows the current organisation and position from CurrentUser.
      useSessionStore
        .getState()
        .loadCurrentUser()
        .catch(() => {}),
    ]);
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('profile.organize.organizes')}>
          <MajorList
            type="Organize"
            icon={<ApartmentOutlined />}
            loading={organizes.isPending}
            entries={(organizes.data ?? []).map((o) => ({ id: o.id, fullName: o.fullName, isDefault: o.isDefault }))}
            onChosen={afterChange}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('profile.organize.positions')}>
          <MajorList
            type="Position"
            icon={<IdcardOutlined />}
            loading={positions.isPending}
            entries={(positions.data ?? []).map((p) => ({
              id: p.id,
              fullName: p.fullName,
              detail: p.organizeName,
              isDefault: p.isDefault,
            }))}
            onChosen={afterChange}
          />
        </Card>
      </Col>
    </Row>
  );
}
