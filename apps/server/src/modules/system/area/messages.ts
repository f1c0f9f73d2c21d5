import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of administrative areas; the area routes register them with core/messages.ts. */
export const areaMessages = {
  areaHasChildren: {
    'zh-CN': '该区域下还有 {count} 个下级区域，不能删除',
    'zh-TW': '該區域下還有 {count} 個下級區域，不能刪除',
    'en-US': 'This area still has {count} sub-area(s) and cannot be deleted',
  },
  areaParentMissing: {
    'zh-CN': '上级区域不存在',
    'zh-TW': '上級區域不存在',
    'en-US': 'does not exist',
  },
  areaTooDeep: {
    'zh-CN': '街道之下不能再添加区域',
    'zh-TW': '街道之下不能再新增區域',
    'en-US': 'cannot hold sub-areas (streets are the lowest level)',
  },
  areaLevelChange: {
    'zh-CN': '只能移到同一级别的上级区域之下',
    'zh-TW': '只能移到同一級別的上級區域之下',
    'en-US': 'must be an area of the same level as the current parent',
  },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    area: typeof areaMessages;
  }
}
