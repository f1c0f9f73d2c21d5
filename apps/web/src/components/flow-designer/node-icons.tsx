import {
  ApartmentOutlined,
  AuditOutlined,
  BranchesOutlined,
  ClockCircleOutlined,
  EditOutlined,
  ForkOutlined,
  SendOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { FlowNodeType } from '@atrium/shared/workflow';
import type { ComponentType } from 'react';

/** The icon of each node type, on its card and in the "+" menu. */
export const NODE_ICONS: Record<FlowNodeType, ComponentType> = {
  start: UserOutlined,
  approver: AuditOutlined,
  handle: EditOutlined,
  copy: SendOutlined,
  condition: BranchesOutlined,
  parallel: ForkOutlined,
  subFlow: ApartmentOutlined,
  timer: ClockCircleOutlined,
  trigger: ThunderboltOutlined,
};
