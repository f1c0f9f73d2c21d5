import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * The purchase demo of the workflow (docs/workflow.md, "Purchase demo").
 * - purchase_goods: the warehouse's goods, one row per name and specification, with the quantity in
 *   stock. Receiving a purchase adds to it; an outbound takes from it with a conditional update, so
 *   the stock never goes below zero whatever arrives at once.
 * - purchase_stock_move: every change of stock. An in-move names the purchase (flow instance) it
 *   received; the unique index lets each purchase receive each goods once, so a second or a
 *   concurrent receipt adds nothing. Out-moves carry no instance (NULLs never collide in a unique
 *   index on either database) and name who took the goods and why.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('purchase_goods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  // Two purchases receiving the same new goods at once make one row between them.
  await db.schema
    .createIndex('purchase_goods_name_spec')
    .on('purchase_goods')
    .columns(['name', 'spec'])
    .unique()
    .execute();

  await db.schema
    .createTable('purchase_stock_move')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('goods_id', 'text', (c) => c.notNull().references('purchase_goods.id'))
    // 'in' (a purchase received) or 'out' (goods handed out).
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // The purchase received; null for out-moves.
    .addColumn('instance_id', 'text')
    .addColumn('receiver', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema
    .createIndex('purchase_stock_move_receipt')
    .on('purchase_stock_move')
    .columns(['instance_id', 'goods_id', 'direction'])
    .unique()
    .execute();
  await db.schema
    .createIndex('purchase_stock_move_order')
    .on('purchase_stock_move')
    .columns(['direction', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('purchase_stock_move').execute();
  await db.schema.dropTable('purchase_goods').execute();
}
