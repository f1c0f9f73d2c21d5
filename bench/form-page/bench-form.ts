import {
  buildDependencyGraph,
  type FieldOption,
  type FormField,
  type FormJson,
  type FormValues,
  type JnpfKey,
} from '@atrium/shared/forms';

/**
 * The form the form benchmark measures: 200 top-level fields of the kinds forms mostly hold, in
 * four cards, and a 100-row purchase-lines sub-table whose amount is quantity × price, with a total
 * over the amounts. Pure data, so the page and the bench process agree on names.
 */
export const FIELD_COUNT = 200;
export const ROW_COUNT = 100;
export const TABLE = 'lines';
export const COLUMNS = {
  item: 'itemName',
  unit: 'unit',
  quantity: 'quantity',
  price: 'price',
  amount: 'amount',
  remark: 'remark',
} as const;
export const TOTAL = 'total';
/** The row whose quantity cell the bench types into: mounted without scrolling. */
export const TYPED_ROW = 2;

/** One block of 20 fields: text inputs dominate, as in the forms admins build. */
const MIX: JnpfKey[] = [
  'comInput',
  'comInput',
  'numInput',
  'select',
  'comInput',
  'date',
  'textarea',
  'comInput',
  'switch',
  'numInput',
  'comInput',
  'radio',
  'select',
  'comInput',
  'date',
  'checkbox',
  'comInput',
  'numInput',
  'comInput',
  'textarea',
];

const options = (prefix: string): FieldOption[] =>
  [1, 2, 3, 4].map((n) => ({ id: `${prefix}${n}`, fullName: `${prefix.toUpperCase()} ${n}` }));

const field = (
  jnpfKey: JnpfKey,
  vModel: string,
  label: string,
  config: Partial<FormField['__config__']> = {},
  props: Record<string, unknown> = {},
): FormField => ({
  __config__: { jnpfKey, label, span: 12, trigger: 'blur', dataType: 'static', ...config },
  __vModel__: vModel,
  placeholder: '',
  clearable: true,
  ...props,
});

/** The name of the n-th top-level field (0-based). */
export const topName = (n: number) => `${MIX[n % MIX.length]}F${n}`;

export function benchForm(): FormJson {
  const top: FormField[] = [];
  for (let n = 0; n < FIELD_COUNT; n++) {
    const kind = MIX[n % MIX.length]!;
    const props: Record<string, unknown> = {};
    if (kind === 'select' || kind === 'radio' || kind === 'checkbox') props.__slot__ = { options: options('o') };
    if (kind === 'numInput') Object.assign(props, { min: 0, precision: 2 });
    if (kind === 'comInput') props.maxlength = 100;
    top.push(field(kind, topName(n), `Field ${n + 1}`, { required: n % 4 === 1, formId: 1000 + n }, props));
  }
  const card = (i: number, children: FormField[]): FormField => ({
    __config__: { jnpfKey: 'card', label: `Section ${i + 1}`, layout: 'rowFormItem', span: 24, children },
  });
  const cell = (f: FormField): FormField => {
    f.__config__.isSubTable = true;
    f.__config__.parentVModel = TABLE;
    f.__config__.span = 24;
    return f;
  };
  const table: FormField = {
    ...field('table', TABLE, 'Purchase lines', {
      layout: 'rowFormItem',
      span: 24,
      children: [
        cell(field('comInput', COLUMNS.item, 'Item', { required: true }, { maxlength: 50 })),
        cell(field('select', COLUMNS.unit, 'Unit', { trigger: 'change' }, { __slot__: { options: options('u') } })),
        cell(field('numInput', COLUMNS.quantity, 'Quantity', { required: true }, { min: 0, precision: 0 })),
        cell(field('numInput', COLUMNS.price, 'Price', { required: true }, { min: 0, precision: 2 })),
        cell(
          field(
            'calculate',
            COLUMNS.amount,
            'Amount',
            {},
            { expression: [`${TABLE}.${COLUMNS.quantity}`, '×', `${TABLE}.${COLUMNS.price}`], precision: 2 },
          ),
        ),
        cell(field('comInput', COLUMNS.remark, 'Remark')),
      ],
    }),
    'show-summary': true,
    summaryField: [COLUMNS.quantity, COLUMNS.amount],
  };
  const total = field(
    'calculate',
    TOTAL,
    'Total',
    { span: 24 },
    { expression: `${TABLE}.${COLUMNS.amount}`, precision: 2, thousands: true },
  );
  const quarter = FIELD_COUNT / 4;
  return {
    labelWidth: 100,
    gutter: 15,
    fields: [0, 1, 2, 3].map((i) => card(i, top.slice(i * quarter, (i + 1) * quarter))).concat(table, total),
  };
}

/**
 * A record being edited: top-level fields empty (a quarter of them required, so submit has
 * messages to show), and 100 filled rows, one in ten missing its item so cells show messages too.
 */
export function benchValues(form: FormJson): FormValues {
  const rows = Array.from({ length: ROW_COUNT }, (_, i) => ({
    [COLUMNS.item]: i % 10 === 9 ? '' : `Item ${i + 1}`,
    [COLUMNS.unit]: 'u1',
    [COLUMNS.quantity]: (i % 7) + 1,
    [COLUMNS.price]: 10 + (i % 13) * 1.5,
    [COLUMNS.remark]: '',
  }));
  return buildDependencyGraph(form).recompute({ [TABLE]: rows });
}
