import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HomeOutlined,
  LinkOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { MenuType } from '@atrium/shared';
import type { ReactNode } from 'react';

/**
 * Menu icons arrive as icon-font class names of the original platform ('icon-ym icon-ym-home'),
 * a font Atrium does not ship; a keyword in the name picks the nearest antd icon instead.
 */
const BY_KEYWORD: [RegExp, ReactNode][] = [
  [/home|workbench/i, <HomeOutlined key="home" />],
  [/dashboard|portal/i, <DashboardOutlined key="dashboard" />],
  [/user|permission|role|organi[sz]e|position|group/i, <TeamOutlined key="team" />],
  [/flow|approve/i, <ApartmentOutlined key="flow" />],
  [/message|notice|chat/i, <MessageOutlined key="message" />],
  [/report|chart|screen|data/i, <BarChartOutlined key="chart" />],
  [/dictionary|dict/i, <BookOutlined key="book" />],
  [/form|generator|model/i, <FormOutlined key="form" />],
  [/system|setting|config/i, <SettingOutlined key="setting" />],
  [/link/i, <LinkOutlined key="link" />],
  [/doc|file/i, <FileTextOutlined key="file" />],
];

export function menuIcon(icon: string | null | undefined, type: MenuType): ReactNode {
  const found = icon ? BY_KEYWORD.find(([pattern]) => pattern.test(icon)) : undefined;
  if (found) return found[1];
  return type === 0 || type === 1 ? <FolderOutlined /> : <AppstoreOutlined />;
}
