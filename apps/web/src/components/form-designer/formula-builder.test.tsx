import type { FormField, FormJson, JnpfKey } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { loadAreaTexts } from '../../locales/index.ts';
import { mockFeedback } from '../../test/helpers.ts';
import { FormulaBuilder } from './formula-builder.tsx';
import { formulaScopeOf } from './formula.ts';
import { checkFormDesign, FormDesigner, formDesignerTexts } from './index.ts';

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
  await loadAreaTexts(formDesignerTexts);
});

beforeEach(() => {
  mockFeedback();
});

let formId = 0;
const field = (jnpfKey: JnpfKey, vModel: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  __config__: { jnpfKey, label, formId: ++formId },
  __vModel__: vModel,
  ...extra,
});

/** An order: two numbers, a text, a sub-table with an amount column, and the calculated total. */
function orderForm(expression: unknown = []): FormJson {
  return {
    fields: [
      field('numInput', 'price', 'Unit price'),
      field('numInput', 'quantity', 'Quantity'),
      field('comInput', 'customer', 'Customer'),
      {
        __config__: {
          jnpfKey: 'table',
          label: 'Items',
          formId: ++formId,
          children: [field('comInput', 'item', 'Item'), field('numInput', 'amount', 'Amount')],
        },
        __vModel__: 'items',
      },
      field('calculate', 'total', 'Total', { expression }),
    ],
  };
}

function mountDesigner(form: FormJson) {
  const onChange = vi.fn<(form: FormJson) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormDesigner value={form} onChange={onChange} height={700} />
    </QueryClientProvider>,
  );
  const total = () => onChange.mock.calls.at(-1)![0].fields.find((f) => f.__vModel__ === 'total')!;
  return { onChange, total };
}

function mountBuilder(expression: unknown) {
  const onSave = vi.fn<(expression: string) => void>();
  const onClose = vi.fn();
  const scope = formulaScopeOf(orderForm(expression), { name: 'total' });
  render(<FormulaBuilder label="Total" expression={expression} scope={scope} onSave={onSave} onClose={onClose} />);
  const input = () => screen.getByLabelText('Formula') as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
  const check = () => screen.getByTestId('fd-formula-check').textContent;
  return { onSave, onClose, input, type, check };
}

// Two of these mount the whole designer, a large tree for happy-dom.
describe('formula builder', { timeout: 60_000 }, () => {
  it('builds price × quantity + items.amount from clicks and saves it with model names', async () => {
    const { total } = mountDesigner(orderForm());
    fireEvent.click(screen.getByTestId('fd-node-total'));
    const panel = await screen.findByTestId('fd-field-properties');
    expect(within(panel).getByTestId('fd-formula-text').textContent).toBe('No formula yet');
    fireEvent.click(within(panel).getByRole('button', { name: /Edit formula/ }));

    const dialog = await screen.findByTestId('fd-formula-builder');
    // Number fields only, columns as "Table.Column", and never the calculated field itself.
    const listed = within(dialog)
      .getAllByTestId(/^fd-formula-field-/)
      .map((b) => b.textContent);
    expect(listed).toEqual(['Unit price', 'Quantity', 'Items.Amount']);

    fireEvent.click(within(dialog).getByTestId('fd-formula-field-price'));
    fireEvent.click(within(dialog).getByRole('button', { name: '×' }));
    fireEvent.click(within(dialog).getByTestId('fd-formula-field-quantity'));
    fireEvent.click(within(dialog).getByRole('button', { name: '+' }));
    fireEvent.click(within(dialog).getByTestId('fd-formula-field-items.amount'));
    expect((within(dialog).getByLabelText('Formula') as HTMLTextAreaElement).value).toBe(
      '[Unit price] × [Quantity] + [Items.Amount]',
    );
    expect(within(dialog).getByTestId('fd-formula-check').textContent).toBe('Formula is valid');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(total().expression).toBe('price × quantity + items.amount');
    expect(within(panel).getByTestId('fd-formula-text').textContent).toBe('Unit price × Quantity + Items.Amount');
  });

  it('a field clicked goes in at the cursor, and typed operators and digits count', () => {
    const { input, type, check } = mountBuilder('price + 2');
    expect(input().value).toBe('[Unit price] + 2');
    // The cursor after "[Unit price]": the field goes in between, spaced from what precedes it.
    input().setSelectionRange(12, 12);
    fireEvent.keyUp(input(), { key: 'ArrowLeft' });
    fireEvent.click(screen.getByRole('button', { name: '×' }));
    fireEvent.click(screen.getByTestId('fd-formula-field-quantity'));
    expect(input().value).toBe('[Unit price] × [Quantity] + 2');
    type(`${input().value} * 1.5`);
    expect(check()).toBe('Formula is valid');
  });

  it('an unknown name, a bracket label of no field, and the field itself are errors; save is off', () => {
    const { type, check } = mountBuilder([]);
    type('price × foo');
    expect(check()).toBe('There is no field “foo” on the form');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    type('[Unit price] × [Discount]');
    expect(check()).toBe('There is no field “Discount” on the form');
    type('total + 1');
    expect(check()).toBe('A calculated field cannot use its own value');
    type('quantity');
    expect(check()).toBe('Formula is valid');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('syntax errors name the position in the text as shown', () => {
    const { type, check } = mountBuilder([]);
    type('[Unit price] # 2');
    expect(check()).toBe('The character “#” at position 14 cannot be used in a formula');
    type('[Unit price] [Quantity]');
    expect(check()).toBe('An operator is missing before position 14');
    type('[Unit price] × ');
    expect(check()).toBe('The formula ends where a number or field is expected');
    type('([Unit price] + 1');
    expect(check()).toBe('A “(” is not closed: a “)” is missing');
    type('[Quantity] + 1)');
    expect(check()).toBe('The “)” at position 15 has no “(” before it');
    type('÷ 2');
    expect(check()).toBe('The operator at position 1 has no number or field before it');
    type('[Unit price');
    expect(check()).toBe('The “[” at position 1 is not closed with “]”');
  });

  it('the test run computes the result of sample values with the shared evaluator', () => {
    mountBuilder('price × quantity + items.amount');
    const result = () => screen.getByTestId('fd-formula-result').textContent;
    // Fields without a sample count as 0, as in a form.
    expect(result()).toBe('Result0');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Unit price' }), { target: { value: '12.5' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '4' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Items.Amount' }), { target: { value: '10' } });
    expect(result()).toBe('Result60');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '3' } });
    expect(result()).toBe('Result47.5');
  });

  it('an old list-form expression opens with labels, and stays a list when saved unchanged', async () => {
    const old = [{ __vModel__: 'price', label: 'whatever' }, '×', 'quantity', '+', 'items.amount'];
    const { onChange } = mountDesigner(orderForm(old));
    fireEvent.click(screen.getByTestId('fd-node-total'));
    const panel = await screen.findByTestId('fd-field-properties');
    expect(within(panel).getByTestId('fd-formula-text').textContent).toBe('Unit price × Quantity + Items.Amount');
    fireEvent.click(within(panel).getByRole('button', { name: /Edit formula/ }));
    const dialog = await screen.findByTestId('fd-formula-builder');
    expect((within(dialog).getByLabelText('Formula') as HTMLTextAreaElement).value).toBe(
      '[Unit price] × [Quantity] + [Items.Amount]',
    );
    expect(within(dialog).getByTestId('fd-formula-check').textContent).toBe('Formula is valid');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a column formula reads its row by table.column or bare name and cannot name itself', () => {
    const form = orderForm();
    const items = form.fields[3]!;
    items.__config__.children!.push(field('calculate', 'net', 'Net', { expression: 'amount × 0.9' }));
    const scope = formulaScopeOf(form, { name: 'net', table: 'items' });
    render(<FormulaBuilder label="Net" expression="amount × 0.9" scope={scope} onSave={vi.fn()} onClose={vi.fn()} />);
    const input = screen.getByLabelText('Formula') as HTMLTextAreaElement;
    expect(input.value).toBe('[Items.Amount] × 0.9');
    fireEvent.change(input, { target: { value: 'items.net - 1' } });
    expect(screen.getByTestId('fd-formula-check').textContent).toBe('A calculated field cannot use its own value');
  });
});

describe('design check of formulas', () => {
  it('refuses a formula that does not parse or names a missing field, naming the field by its label', () => {
    const messages = (expression: unknown) => checkFormDesign(orderForm(expression), 'en-US').map((p) => p.message);
    expect(messages('price × quantity + items.amount')).toEqual([]);
    expect(messages([{ __vModel__: 'price' }, '×', 'quantity'])).toEqual([]);
    expect(messages('price × ghost')).toEqual(['The formula of Total uses “ghost”, which is not a field of the form']);
    expect(messages('(price + 1')).toEqual([
      'The formula of Total cannot be read: open it with “Edit formula” to see where',
    ]);
    expect(messages('total × 2')).toEqual(['The formula of Total uses its own value']);
    const [problem] = checkFormDesign(orderForm('ghost'), 'zh-CN');
    expect(problem).toMatchObject({ key: 'formulaUnknown', field: 'total' });
  });
});
