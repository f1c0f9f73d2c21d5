import { AppstoreOutlined, CheckSquareOutlined, SendOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_SYS_NAME } from '../../app/constants.ts';
import { menuPath } from '../../router/menu-routes.ts';
import { useSessionStore } from '../../stores/session.ts';
import { findMenuByView, LAUNCH_VIEW, TODO_VIEW } from './home-cards.ts';

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const menuList = useSessionStore((s) => s.menuList);
  const sysConfig = useSessionStore((s) => s.sysConfigInfo);

  const todoMenu = findMenuByView(menuList, TODO_VIEW);
  const launchMenu = findMenuByView(menuList, LAUNCH_VIEW);
  const flowCards = [
    { menu: todoMenu, title: t('home.todo'), icon: <CheckSquareOutlined /> },
    { menu: launchMenu, title: t('home.myApplications'), icon: <SendOutlined /> },
  ].filter((card) => card.menu !== null);

  const sysName = sysConfig?.sysName || DEFAULT_SYS_NAME;
  const organize = userInfo?.organizeName;
  const department = userInfo?.departmentName;

  const welcomeItems: { key: string; children: string }[] = [];
  if (sysConfig?.sysVersion)
    welcomeItems.push({ key: 'version', children: t('home.version', { version: sysConfig.sysVersion }) });
  if (userInfo?.prevLogin === 1 && userInfo.prevLoginTime) {
    const time = dayjs(userInfo.prevLoginTime).format('YYYY-MM-DD HH:mm');
    welcomeItems.push({ key: 'prevLoginTime', children: t('home.prevLoginTime', { time }) });
    if (userInfo.prevLoginIPAddress)
      welcomeItems.push({ key: 'prevLoginIP', children: t('home.prevLoginIP', { ip: userInfo.prevLoginIPAddress }) });
  } else {
    welcomeItems.push({ key: 'firstLogin', children: t('home.firstLogin') });
  }

  return (
    <div data-testid="home-page" style={{ padding: 16 }}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('home.greeting', { name: userInfo?.userName ?? '' })}
        </Typography.Title>
        {organize && <Typography.Paragraph type="secondary">{t('home.organize', { organize })}</Typography.Paragraph>}
        {department && department !== organize && (
          <Typography.Paragraph type="secondary">{t('home.department', { department })}</Typography.Paragraph>
        )}
      </Card>

      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {flowCards.length > 0 ? (
          flowCards.map(({ menu, title, icon }) => {
            const path = menu ? menuPath(menu) : null;
            return (
              <Col key={title} xs={24} md={12}>
                <Card hoverable={!!path} onClick={path ? () => navigate(path) : undefined}>
                  <Statistic title={title} value={menu?.num ?? 0} prefix={icon} />
                </Card>
              </Col>
            );
          })
        ) : (
          <Col span={24}>
            <Card
              data-testid="home-welcome"
              title={
                <span>
                  <AppstoreOutlined /> {t('home.welcomeTitle', { sysName })}
                </span>
              }
            >
              <Descriptions column={1} size="small" items={welcomeItems} />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
