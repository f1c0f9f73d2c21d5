export { MessageDrawer, DRAWER_PAGE_SIZE, DRAWER_SCROLL_THRESHOLD, DRAWER_WIDTH } from './message-drawer.tsx';
export { nearBottom, useScrollPages } from './scroll-pages.ts';
