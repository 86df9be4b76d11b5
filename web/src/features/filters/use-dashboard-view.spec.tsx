import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useDashboardView } from './use-dashboard-view';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/?source=linkedin']}>{children}</MemoryRouter>
);

describe('useDashboardView', () => {
  it('keeps both of two quick changes made before the URL is rendered again', () => {
    const { result } = renderHook(() => ({ view: useDashboardView(), location: useLocation() }), { wrapper });
    act(() => {
      result.current.view.update({ selectedId: '42' });
      result.current.view.update({ mode: 'table' });
      result.current.view.updateFilters({ industry: 'Finance' });
    });
    expect(result.current.view.view).toMatchObject({
      selectedId: '42',
      mode: 'table',
      filters: { industry: 'Finance' },
    });
    expect(result.current.location.search).toBe('?source=linkedin&view=table&industry=Finance&person=42');
  });

  it('keeps the filters object while only the open person changes', () => {
    const { result } = renderHook(() => useDashboardView(), { wrapper });
    const before = result.current.view.filters;
    act(() => result.current.update({ selectedId: '7' }));
    expect(result.current.view.filters).toBe(before);
  });
});
