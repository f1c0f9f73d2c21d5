import { request } from './request.ts';

export interface DailySignIns {
  /** 'YYYY-MM-DD' */
  date: string;
  count: number;
}

export interface Dashboard {
  userCount: number;
  organizeCount: number;
  positionCount: number;
  roleCount: number;
  onlineUserCount: number;
  /** The last 7 days, oldest first. */
  signIns: DailySignIns[];
}

export function getDashboard() {
  return request<Dashboard>({ url: '/api/home/Dashboard' });
}
