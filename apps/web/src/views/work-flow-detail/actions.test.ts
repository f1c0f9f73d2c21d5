import type { FormJson } from '@atrium/shared/forms';
import { describe, expect, it } from 'vitest';
import type { FlowDetail } from '../../api/workflow.ts';
import { flowActions } from './actions.ts';
import { applyFormOperates, parseFormJson, writableValues } from './form-operates.ts';

const detail = (status: number, extra: Partial<FlowDetail> = {}): FlowDetail =>
  ({
    flowTaskInfo: { id: 't', status },
    flowTemplateInfo: { id: 'tpl', fullName: '', flowType: 0, formType: 1 },
    approversProperties: null,
    noOperateAuth: false,
    ...extra,
  }) as FlowDetail;

describe('the detail page action bar', () => {
  it('S2-4-32 to-do: approve, reject, transfer and save draft by default; the node switches them', () => {
    expect(flowActions(1, detail(1))).toEqual(['approve', 'reject', 'transfer', 'saveDraft', 'print']);
    expect(
      flowActions(
        1,
        detail(1, {
          approversProperties: {
            buttons: { reject: { enabled: false }, addSign: { enabled: true }, print: { enabled: false } },
          },
        }),
      ),
    ).toEqual(['approve', 'transfer', 'addSign', 'saveDraft']);
    // The server says the caller may not handle it, or the flow no longer runs: nothing to do.
    expect(flowActions(1, detail(1, { noOperateAuth: true }))).toEqual(['print']);
    expect(flowActions(1, detail(2))).toEqual(['print']);
  });

  it('S2-4-32 my application: urge and withdraw while running, resubmit once rejected or withdrawn', () => {
    expect(flowActions(0, detail(1))).toEqual(['urge', 'withdraw', 'print']);
    expect(flowActions(0, detail(3))).toEqual(['resubmit', 'print']);
    expect(flowActions(0, detail(4))).toEqual(['resubmit', 'print']);
    expect(flowActions(0, detail(2))).toEqual(['print']);
  });

  it('S2-4-32 done: recall while the flow runs; CC: nothing but print', () => {
    expect(flowActions(2, detail(1))).toEqual(['recall', 'print']);
    expect(flowActions(2, detail(2))).toEqual(['print']);
    expect(flowActions(3, detail(1))).toEqual(['print']);
  });

  it('S2-4-32 monitor: assign, change, suspend and terminate a running flow; restore a suspended one; no terminate of a function flow', () => {
    expect(flowActions(4, detail(1))).toEqual(['assign', 'change', 'suspend', 'terminate', 'print']);
    expect(flowActions(4, detail(6))).toEqual(['restore', 'terminate', 'print']);
    expect(
      flowActions(4, detail(1, { flowTemplateInfo: { id: 'x', fullName: '', flowType: 1, formType: 1 } })),
    ).toEqual(['assign', 'change', 'suspend', 'print']);
    expect(flowActions(4, detail(5))).toEqual(['print']);
  });
});

describe('form permissions of a node', () => {
  const form: FormJson = {
    fields: [
      { __config__: { jnpfKey: 'comInput', required: true }, __vModel__: 'a' },
      { __config__: { jnpfKey: 'comInput' }, __vModel__: 'b' },
      { __config__: { jnpfKey: 'comInput' }, __vModel__: 'secret' },
      {
        __config__: {
          jnpfKey: 'table',
          children: [{ __config__: { jnpfKey: 'comInput' }, __vModel__: 'qty' }],
        },
        __vModel__: 'lines',
      },
    ],
  };
  const operates = [
    { id: 'a', read: true, write: false },
    { id: 'b', read: true, write: true, required: true },
    { id: 'secret', read: false, write: false },
    { id: 'lines', read: true, write: true },
  ];

  it('hides unreadable fields, locks read-only ones and requires writable ones as the node says', () => {
    const { form: shown, granted, writable } = applyFormOperates(form, operates, { editable: true });
    expect(writable).toBe(true);
    expect([...granted!].sort()).toEqual(['a', 'b', 'lines', 'lines-qty']);
    const [a, b, , lines] = shown.fields;
    expect(a).toMatchObject({ disabled: true, __config__: { required: false } });
    expect(b.disabled).toBeUndefined();
    expect(b.__config__.required).toBe(true);
    // A sub-table's column follows its table.
    expect(lines.__config__.children![0].disabled).toBeUndefined();
  });

  it('locks every field of a view that handles nothing, and of a node without permissions', () => {
    const viewed = applyFormOperates(form, operates, { editable: false });
    expect(viewed.writable).toBe(false);
    expect(viewed.form.fields.filter((f) => f.__vModel__).every((f) => f.disabled)).toBe(true);
    const bare = applyFormOperates(form, [], { editable: true });
    expect(bare.granted).toBeUndefined();
    expect(bare.form.fields[0].disabled).toBe(true);
    // Launching without permissions: everything writable, as designed.
    const launching = applyFormOperates(form, [], { editable: true, launching: true });
    expect(launching.form).toBe(form);
  });

  it('sends only the writable fields, and reads the design as text or JSON', () => {
    expect(writableValues({ a: 1, b: 2, secret: 3 }, operates)).toEqual({ b: 2 });
    expect(parseFormJson(JSON.stringify(form))?.fields).toHaveLength(4);
    expect(parseFormJson('{bad')).toBeNull();
    expect(parseFormJson(null)).toBeNull();
  });
});
