import type { PageResult } from '@atrium/shared';
import { request } from './request.ts';

/** One feedback as the lists show it; `screenshotUrl` carries a short-lived ticket. */
export interface FeedbackItem {
  id: string;
  content: string;
  contact: string;
  screenshotUrl: string | null;
  /** 0 open, 1 handled. */
  status: number;
  creatorTime: number;
  handledTime: number | null;
  /** "name/account" of the writer. */
  userName: string;
  handledBy: string;
}

export interface FeedbackForm {
  content: string;
  contact?: string;
  /** The name the screenshot upload answered. */
  screenshot?: string | null;
}

/** Screenshots: png, jpeg, gif or webp under 5 MB (the server checks the content too). */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const feedbackApi = {
  uploadScreenshot: async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return (
      await request<{ name: string; url: string }>({ url: '/api/file/Uploader/feedback', method: 'POST', data: body })
    ).data!;
  },
  send: (form: FeedbackForm) => request<{ id: string }>({ url: '/api/feedback', method: 'POST', data: form }),
  mine: async (query: object) =>
    (await request<PageResult<FeedbackItem>>({ url: '/api/feedback/Mine', data: query })).data!,
  list: async (query: object) => (await request<PageResult<FeedbackItem>>({ url: '/api/feedback', data: query })).data!,
  handle: (id: string) => request({ url: `/api/feedback/${encodeURIComponent(id)}/Actions/Handle`, method: 'PUT' }),
  remove: (id: string) => request({ url: `/api/feedback/${encodeURIComponent(id)}`, method: 'DELETE' }),
};

export interface GuidePage {
  name: string;
  title: string;
}

/** The user guide, in the language of the request. */
export const guideApi = {
  pages: async () => (await request<{ language: string; pages: GuidePage[] }>({ url: '/api/home/Guide' })).data!,
  page: async (name: string) =>
    (await request<GuidePage & { markdown: string }>({ url: `/api/home/Guide/${encodeURIComponent(name)}` })).data!,
};
