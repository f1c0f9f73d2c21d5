import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageContextProvider } from '../../keep-alive/page-context.ts';
import { useSessionStore } from '../../stores/session.ts';
import { useFormGrants } from './use-form-grants.ts';

const page = { path: '/m', pathname: '/m', params: {}, search: '', meta: { id: 'menu1' } };
const wrapper = ({ children }: { children?: ReactNode }) => (
  <PageContextProvider value={page}>{children}</PageContextProvider>
);
const grants = (form: string[]) =>
  useSessionStore.setState({
    permissionList: [
      { modelId: 'menu1', moduleName: 'm', button: [], column: [], form: form.map((enCode) => ({ enCode })) },
    ] as never,
  });

describe('form grants of the page', () => {
  afterEach(() => useSessionStore.setState({ permissionList: [] }));

  it('are the granted fields when the menu grants some', () => {
    grants(['name']);
    const { result } = renderHook(() => useFormGrants(), { wrapper });
    expect([...result.current!]).toEqual(['name']);
  });

  it('leave the form whole when the menu does not restrict it', () => {
    grants([]);
    expect(renderHook(() => useFormGrants(), { wrapper }).result.current).toBeUndefined();
  });

  it('hide every field from a user granted none on a menu that restricts its form', () => {
    grants([]);
    const { result } = renderHook(() => useFormGrants(true), { wrapper });
    expect(result.current?.size).toBe(0);
  });
});
