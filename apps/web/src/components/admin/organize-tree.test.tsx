import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { OrganizeTree } from './organize-tree.tsx';

const node = (id: string, fullName: string, type: 'company' | 'department', children?: unknown[]) => ({
  id,
  parentId: '-1',
  fullName,
  type,
  isLeaf: !children,
  hasChildren: !!children,
  icon: '',
  organize: fullName,
  organizeIds: [id],
  lastFullName: fullName,
  children,
});

describe('OrganizeTree', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    mockFeedback();
  });

  it('loads the tree, filters by keyword and reports the selected node (again = cleared)', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse(
        envelope({
          list: [
            node('c', 'Demo Co', 'company', [node('rd', 'R&D centre', 'department'), node('hr', 'HR', 'department')]),
          ],
        }),
      ),
    );
    const onSelect = vi.fn();
    const { rerender } = render(
      <QueryClientProvider client={createQueryClient()}>
        <OrganizeTree onSelect={onSelect} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('R&D centre')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/prod/api/permission/Organize/Tree');

    fireEvent.change(screen.getByLabelText('Type to filter'), { target: { value: 'hr' } });
    expect(screen.queryByText('R&D centre')).toBeNull();
    expect(screen.getByText('Demo Co')).toBeTruthy();
    fireEvent.click(screen.getByText('HR'));
    expect(onSelect).toHaveBeenLastCalledWith('hr', expect.objectContaining({ id: 'hr', fullName: 'HR' }));

    // Clicking the selected node again clears the filter.
    rerender(
      <QueryClientProvider client={createQueryClient()}>
        <OrganizeTree value="hr" onSelect={onSelect} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByText('HR'));
    expect(onSelect).toHaveBeenLastCalledWith(undefined, undefined);
  });

  it('shows the failure with a retry when the tree cannot load', async () => {
    mockFetch(() => jsonResponse({ code: 500, msg: 'boom' }, 500));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OrganizeTree onSelect={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Failed to load')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
