import { inLanguages as m, type MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of the purchase demo, registered by its routes plugin. */
export const purchaseMessages = {
  purchaseReceived: m(['入库成功', '入庫成功', 'The goods are in stock']),
  purchaseAlreadyReceived: m([
    '该采购单已入库，不能重复入库',
    '該採購單已入庫，不能重複入庫',
    'This purchase has already been received',
  ]),
  purchaseNotReceivable: m([
    '该采购单尚未审批通过，不能入库',
    '該採購單尚未審批通過，不能入庫',
    'This purchase is not approved yet and cannot be received',
  ]),
  purchaseNoLines: m(['该采购单没有可入库的物品', '該採購單沒有可入庫的物品', 'This purchase has no goods to receive']),
  purchaseLineInvalid: m([
    '第 {line} 行物品的数量无效',
    '第 {line} 行物品的數量無效',
    'The quantity of goods line {line} is not valid',
  ]),
  purchaseStockShort: m([
    '库存不足：{goods} 现有 {stock}，无法出库 {quantity}',
    '庫存不足：{goods} 現有 {stock}，無法出庫 {quantity}',
    'Not enough stock: {goods} has {stock}, {quantity} cannot be taken out',
  ]),
  purchaseOutSaved: m(['出库成功', '出庫成功', 'The outbound is registered']),
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    purchase: typeof purchaseMessages;
  }
}
