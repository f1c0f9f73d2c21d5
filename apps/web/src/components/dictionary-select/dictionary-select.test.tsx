import type { DictionaryAll } from '@atrium/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { useDictionariesStore } from '../../stores/dictionaries.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { DictionarySelect } from './dictionary-select.tsx';
import { findDictionary, flattenOptions, useDictionary } from './index.ts';

const all = (revision: number, educationNames: string[]): DictionaryAll => ({
  revision,
  list: [
    {
      id: 'T-edu',
      enCode: 'education',
      fullName: '学历',
      isTree: 0,
      dictionaryList: educationNames.map((fullName, i) => ({ id: `E${i}`, enCode: `e${i}`, fullName })),
    },
    {
      id: 'T-flow',
      enCode: 'flowCategory',
      fullName: '流程分类',
      isTree: 1,
      dictionaryList: [
        { id: 'F1', enCode: 'hr', fullName: '人事', children: [{ id: 'F11', enCode: 'hr.entry', fullName: '入职' }] },
      ],
    },
  ],
});

/** Serves All and Revision from mutable state; records every call. */
function serve(state: { all: DictionaryAll }) {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/DictionaryData/All')) return jsonResponse(envelope(state.all));
    if (url.pathname.endsWith('/DictionaryData/Revision'))
      return jsonResponse(envelope({ revision: state.all.revision }));
    return jsonResponse(envelope(null, 404, 'not found'));
  });
}

const paths = (calls: { url: URL }[]) =>
  calls.map((c) => c.url.pathname.replace('/prod/api/system/DictionaryData/', ''));

function Probe({ code }: { code: string }) {
  const { options, labelOf, loading } = useDictionary(code);
  return (
    <div data-testid="probe">
      {loading ? 'loading' : `${options.map((o) => o.fullName).join(',')}|${labelOf('E1')}|${labelOf('zz')}`}
    </div>
  );
}

describe('dictionary cache and DictionarySelect', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    mockFeedback();
    useDictionariesStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('S1-3-18 S2-3-47 loads All once for every widget, by type code or id, and names stored values', async () => {
    const state = { all: all(3, ['本科', '硕士']) };
    const { calls } = serve(state);
    render(
      <>
        <Probe code="education" />
        <Probe code="T-edu" />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('probe')[0]!.textContent).toBe('本科,硕士|硕士|zz'));
    expect(screen.getAllByTestId('probe')[1]!.textContent).toBe('本科,硕士|硕士|zz');
    expect(paths(calls)).toEqual(['All']);
    expect(useDictionariesStore.getState().revision).toBe(3);
  });

  it('re-reads All only when the server revision moved; refresh() reads it at once', async () => {
    const state = { all: all(3, ['本科']) };
    const { calls } = serve(state);
    await useDictionariesStore.getState().ensure();
    // Within the check interval nothing is asked.
    await useDictionariesStore.getState().ensure();
    expect(paths(calls)).toEqual(['All']);
    // Past it, the cheap check; the same revision keeps the cache.
    useDictionariesStore.setState({ checkedAt: 0 });
    await useDictionariesStore.getState().ensure();
    expect(paths(calls)).toEqual(['All', 'Revision']);
    // Someone else added an item: the revision moved, so All is read again.
    state.all = all(4, ['本科', '博士']);
    useDictionariesStore.setState({ checkedAt: 0 });
    await useDictionariesStore.getState().ensure();
    expect(paths(calls)).toEqual(['All', 'Revision', 'Revision', 'All']);
    expect(findDictionary(useDictionariesStore.getState().entries, 'education')!.dictionaryList).toHaveLength(2);
    // This user's own edit: refresh reads All without a check.
    state.all = all(5, ['本科', '博士', '大专']);
    await useDictionariesStore.getState().refresh();
    expect(paths(calls).slice(-1)).toEqual(['All']);
    expect(useDictionariesStore.getState().revision).toBe(5);
  });

  it('S1-4-02 a session reset clears the cache and drops an answer that arrives afterwards', async () => {
    let release: () => void = () => {};
    mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(envelope(all(9, ['本科']))));
        }),
    );
    const pending = useDictionariesStore.getState().ensure();
    useDictionariesStore.getState().reset();
    release();
    await pending;
    expect(useDictionariesStore.getState().entries).toBeNull();
  });

  it('shows a flat dictionary as a select and reports the chosen item id', async () => {
    serve({ all: all(1, ['本科', '硕士']) });
    const onChange = vi.fn();
    render(<DictionarySelect typeCode="education" onChange={onChange} data-testid="edu" />);
    await waitFor(() => expect(useDictionariesStore.getState().entries).not.toBeNull());
    const box = screen.getByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(box);
    });
    fireEvent.click(await screen.findByText('硕士'));
    expect(onChange).toHaveBeenCalledWith('E1');
  });

  it('shows a tree dictionary as a tree select; the value can be the enCode', async () => {
    serve({ all: all(1, []) });
    const onChange = vi.fn();
    render(<DictionarySelect typeId="T-flow" valueField="enCode" onChange={onChange} />);
    await waitFor(() => expect(useDictionariesStore.getState().entries).not.toBeNull());
    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('combobox'));
    });
    fireEvent.click(await screen.findByText('入职'));
    expect(onChange).toHaveBeenCalledWith('hr.entry');
    expect(
      flattenOptions(findDictionary(useDictionariesStore.getState().entries, 'T-flow')!.dictionaryList),
    ).toHaveLength(2);
  });
});
