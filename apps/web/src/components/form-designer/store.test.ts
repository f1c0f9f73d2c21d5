import { galleryForm, GALLERY, type FormJson } from '@atrium/shared/forms';
import { describe, expect, it } from 'vitest';
import { planDrop } from './drop-plan.ts';
import { addPosition, createDesignerStore, MERGE_MS } from './store.ts';
import { fromFormJson, toFormJson, type NodeId } from './tree.ts';

/** A store on a settable clock, so step merging is tested without waiting. */
function setup(form: FormJson = { fields: [] }) {
  let clock = 1_000_000;
  const store = createDesignerStore(form, { now: () => clock });
  const s = () => store.getState();
  const tick = (ms: number) => {
    clock += ms;
  };
  const json = () => s().toFormJson();
  return { store, s, tick, json };
}

const idOf = (s: ReturnType<typeof setup>['s'], vModel: string): NodeId =>
  Object.values(s().doc.nodes).find((n) => n.field.__vModel__ === vModel)!.id;

describe('form designer store: commands', () => {
  it('adds fields with form ids from idGlobal (100 on), model names and the kind defaults', () => {
    const { s, json } = setup();
    const a = s().add('comInput', null)!;
    const b = s().add('select', null)!;
    expect(s().doc.nodes[a]!.field.__vModel__).toBe('comInputField100');
    expect(s().doc.nodes[b]!.field.__vModel__).toBe('selectField101');
    expect(json().idGlobal).toBe(102);
    const select = json().fields[1]!;
    expect(select.__config__.dataType).toBe('static');
    expect(select.__slot__?.options).toHaveLength(2);
    expect(select.__config__.visibility).toEqual(['pc', 'app']);
    expect(select.clearable).toBe(true);
    // Layout elements have no model name.
    const divider = s().add('divider', null)!;
    expect(s().doc.nodes[divider]!.field.__vModel__).toBeUndefined();
    expect(s().selectedId).toBe(divider);
  });

  it('adds into containers, and refuses what a container does not take', () => {
    const { s, json } = setup();
    const card = s().add('card', null)!;
    const table = s().add('table', null)!;
    const tab = s().add('tab', null)!;
    expect(s().doc.nodes[tab]!.childIds).toHaveLength(2);
    const firstTab = s().doc.nodes[tab]!.childIds[0]!;
    expect(s().add('comInput', card)).not.toBeNull();
    expect(s().add('numInput', firstTab)).not.toBeNull();
    const column = s().add('numInput', table)!;
    // A sub-table takes data fields only; a tab takes only tabs.
    expect(s().add('divider', table)).toBeNull();
    expect(s().add('row', table)).toBeNull();
    expect(s().add('table', table)).toBeNull();
    expect(s().add('comInput', tab)).toBeNull();
    expect(s().add('tabItem', card)).toBeNull();
    expect(s().add('tabItem', tab)).not.toBeNull();
    const form = json();
    expect(form.fields.map((f) => f.__config__.jnpfKey)).toEqual(['card', 'table', 'tab']);
    expect(form.fields[0]!.__config__.children![0]!.__config__.jnpfKey).toBe('comInput');
    expect(form.fields[2]!.__config__.children).toHaveLength(3);
    const tableField = form.fields[1]!;
    expect(tableField.__config__.children![0]!.__config__.isSubTable).toBe(true);
    expect(tableField.__config__.children![0]!.__config__.parentVModel).toBe(tableField.__vModel__);
    expect(s().doc.nodes[column]!.parentId).toBe(table);
  });

  it('moves between containers, keeping sub-table marks right, and never into itself', () => {
    const { s, json } = setup();
    const row = s().add('row', null)!;
    const table = s().add('table', null)!;
    const input = s().add('comInput', row)!;
    expect(s().move(input, table, 0)).toBe(true);
    expect(json().fields[1]!.__config__.children![0]!.__config__.isSubTable).toBe(true);
    expect(s().move(input, null, 0)).toBe(true);
    const top = json().fields[0]!;
    expect(top.__config__.jnpfKey).toBe('comInput');
    expect(top.__config__.isSubTable).toBeUndefined();
    expect(top.__config__.parentVModel).toBeUndefined();
    const card = s().add('card', row)!;
    expect(s().move(row, card, 0)).toBe(false);
    expect(s().move(row, row, 0)).toBe(false);
    // Same place: no change and no step.
    const steps = s().past.length;
    expect(s().move(input, null, 0)).toBe(false);
    expect(s().past.length).toBe(steps);
  });

  it('removes a field with its children', () => {
    const { s, json } = setup();
    const card = s().add('card', null)!;
    const inner = s().add('comInput', card)!;
    s().select(inner);
    s().remove(card);
    expect(json().fields).toEqual([]);
    expect(s().doc.nodes[inner]).toBeUndefined();
    expect(s().selectedId).toBeNull();
  });

  it('copies a field after it with a new form id and model name, children included', () => {
    const { s, json } = setup();
    const table = s().add('table', null)!;
    s().add('comInput', table);
    s().update(table, '__config__.label', 'Lines');
    const copy = s().copy(table)!;
    const [original, copied] = json().fields;
    expect(copied!.__config__.label).toBe('Lines');
    expect(copied!.__config__.formId).not.toBe(original!.__config__.formId);
    expect(copied!.__vModel__).not.toBe(original!.__vModel__);
    const column = copied!.__config__.children![0]!;
    expect(column.__vModel__).not.toBe(original!.__config__.children![0]!.__vModel__);
    expect(column.__config__.parentVModel).toBe(copied!.__vModel__);
    expect(s().selectedId).toBe(copy);
    expect(json().idGlobal).toBe(104);
  });

  it('renaming a sub-table renames its columns’ parent', () => {
    const { s, json } = setup();
    const table = s().add('table', null)!;
    s().add('comInput', table);
    s().update(table, '__vModel__', 'lines');
    expect(json().fields[0]!.__config__.children![0]!.__config__.parentVModel).toBe('lines');
  });

  it('round-trips the gallery form through the flat tree unchanged', () => {
    const gallery = galleryForm();
    expect(toFormJson(fromFormJson(gallery))).toEqual(gallery);
    const { json } = setup(gallery);
    expect(json()).toEqual(gallery);
    expect(json()).not.toBe(gallery);
  });

  it('never changes the form it was given', () => {
    const gallery = galleryForm();
    const before = JSON.stringify(gallery);
    const { s } = setup(gallery);
    s().update(idOf(s, GALLERY.input), '__config__.label', 'changed');
    s().remove(idOf(s, GALLERY.table));
    expect(JSON.stringify(gallery)).toBe(before);
  });

  it('settings change, and the palette click position follows the selection', () => {
    const { s, json } = setup();
    s().setSettings({ labelWidth: 120, hasPrintBtn: true });
    expect(json().labelWidth).toBe(120);
    const card = s().add('card', null)!;
    const a = s().add('comInput', card)!;
    expect(addPosition(s().doc, card, 'numInput')).toEqual({ parentId: card, index: 1 });
    expect(addPosition(s().doc, a, 'numInput')).toEqual({ parentId: card, index: 1 });
    expect(addPosition(s().doc, null, 'numInput')).toEqual({ parentId: null, index: 1 });
    expect(addPosition(s().doc, a, 'tabItem')).toBeNull();
  });
});

describe('form designer store: undo and redo', () => {
  it('undoes and redoes each command', () => {
    const { s, json } = setup();
    const a = s().add('comInput', null)!;
    const b = s().add('numInput', null)!;
    s().move(b, null, 0);
    s().remove(a);
    expect(json().fields.map((f) => f.__vModel__)).toEqual(['numInputField101']);
    s().undo();
    expect(json().fields.map((f) => f.__vModel__)).toEqual(['numInputField101', 'comInputField100']);
    s().undo();
    expect(json().fields.map((f) => f.__vModel__)).toEqual(['comInputField100', 'numInputField101']);
    s().undo();
    s().undo();
    expect(json().fields).toEqual([]);
    expect(json().idGlobal).toBeUndefined();
    s().redo();
    s().redo();
    s().redo();
    expect(json().fields.map((f) => f.__vModel__)).toEqual(['numInputField101', 'comInputField100']);
    // A new command drops what could be redone.
    s().add('switch', null);
    expect(s().future).toEqual([]);
  });

  it('typing into one property is one step; a pause, another property or another field starts a new one', () => {
    const { s, tick, json } = setup();
    const a = s().add('comInput', null)!;
    const b = s().add('comInput', null)!;
    const steps = s().past.length;
    for (const text of ['N', 'Na', 'Nam', 'Name']) {
      s().update(a, '__config__.label', text);
      tick(300);
    }
    expect(s().past.length).toBe(steps + 1);
    tick(MERGE_MS + 1);
    s().update(a, '__config__.label', 'Name2');
    s().update(a, 'placeholder', 'p');
    s().update(b, 'placeholder', 'q');
    expect(s().past.length).toBe(steps + 4);
    s().undo();
    s().undo();
    s().undo();
    expect(json().fields[0]!.__config__.label).toBe('Name');
    s().undo();
    expect(json().fields[0]!.__config__.label).toBe('comInput');
    s().redo();
    expect(json().fields[0]!.__config__.label).toBe('Name');
  });

  it('a drag (a move into another container) is one step', () => {
    const { s, json } = setup();
    const card = s().add('card', null)!;
    const input = s().add('comInput', null)!;
    const steps = s().past.length;
    s().move(input, card, 0);
    expect(s().past.length).toBe(steps + 1);
    s().undo();
    expect(json().fields.map((f) => f.__config__.jnpfKey)).toEqual(['card', 'comInput']);
    expect(json().fields[0]!.__config__.children).toEqual([]);
  });

  it('an import replaces the design as one step', () => {
    const { s, json } = setup();
    s().add('comInput', null);
    s().replace(galleryForm());
    expect(json()).toEqual(galleryForm());
    s().undo();
    expect(json().fields.map((f) => f.__vModel__)).toEqual(['comInputField100']);
  });

  it('undo clears the selection of a field that is gone', () => {
    const { s } = setup();
    const a = s().add('comInput', null)!;
    expect(s().selectedId).toBe(a);
    s().undo();
    expect(s().selectedId).toBeNull();
  });
});

describe('drop planning', () => {
  it('turns a pointer spot into a position, refusing what may not go there', () => {
    const { s } = setup();
    const a = s().add('comInput', null)!;
    const b = s().add('numInput', null)!;
    const card = s().add('card', null)!;
    const table = s().add('table', null)!;
    const doc = () => s().doc;
    // After b, for a (which is before it): the index counts the list without a.
    expect(planDrop(doc(), { type: 'node', id: a }, { parentId: null, anchorId: b, place: 'after' })).toEqual({
      parentId: null,
      index: 1,
    });
    // Where it already is: nothing to do.
    expect(planDrop(doc(), { type: 'node', id: a }, { parentId: null, anchorId: b, place: 'before' })).toBeNull();
    expect(planDrop(doc(), { type: 'node', id: a }, { parentId: null, anchorId: a, place: 'after' })).toBeNull();
    expect(planDrop(doc(), { type: 'node', id: a }, { parentId: card, place: 'end' })).toEqual({
      parentId: card,
      index: 0,
    });
    expect(planDrop(doc(), { type: 'node', id: card }, { parentId: card, place: 'end' })).toBeNull();
    expect(planDrop(doc(), { type: 'palette', kind: 'divider' }, { parentId: table, place: 'end' })).toBeNull();
    expect(planDrop(doc(), { type: 'palette', kind: 'date' }, { parentId: table, place: 'end' })).toEqual({
      parentId: table,
      index: 0,
    });
  });
});
