import { DEFAULT_FILTERS } from '@warmpath/domain';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, parseViewParams, writeViewParams, type DashboardView } from './view-params';

describe('dashboard view in the URL', () => {
  it('reads an empty query as the default view', () => {
    expect(parseViewParams(new URLSearchParams())).toEqual(DEFAULT_VIEW);
    expect(writeViewParams(DEFAULT_VIEW).toString()).toBe('');
  });

  it('restores every filter, the mode, the layout and the open person from a shared link', () => {
    const view: DashboardView = {
      filters: {
        ...DEFAULT_FILTERS,
        connectionTypes: { firstDegree: true, secondDegree: false, thirdDegree: true },
        yearsOfConnectionRange: [2, 10],
        selectedCompanies: ['Acme, Inc.', 'Globex & Co'],
        industry: 'Technology',
        location: 'London',
        talkedRecently: true,
      },
      mode: 'table',
      layout: 'hierarchical',
      selectedId: '42',
      changedOnly: true,
    };
    const link = writeViewParams(view).toString();
    expect(link).toContain('changed=1');
    expect(link).toContain('talked=1');
    expect(parseViewParams(new URLSearchParams(link))).toEqual(view);
  });

  it('keeps every degree toggle off when all are off', () => {
    const view = {
      ...DEFAULT_VIEW,
      filters: {
        ...DEFAULT_FILTERS,
        connectionTypes: { firstDegree: false, secondDegree: false, thirdDegree: false },
      },
    };
    expect(parseViewParams(writeViewParams(view)).filters.connectionTypes).toEqual(
      view.filters.connectionTypes,
    );
  });

  it('keeps parameters it does not own, such as the provider return', () => {
    const params = writeViewParams(
      { ...DEFAULT_VIEW, mode: 'table' },
      new URLSearchParams('source=linkedin&connections=5&view=graph'),
    );
    expect(params.get('source')).toBe('linkedin');
    expect(params.get('connections')).toBe('5');
    expect(params.get('view')).toBe('table');
  });

  it('clamps years into 0-20 and ignores nonsense', () => {
    expect(parseViewParams(new URLSearchParams('years=5-99')).filters.yearsOfConnectionRange).toEqual([
      5, 20,
    ]);
    expect(parseViewParams(new URLSearchParams('years=abc')).filters.yearsOfConnectionRange).toEqual([0, 20]);
    expect(parseViewParams(new URLSearchParams('layout=spiral&view=list')).layout).toBe('force');
  });
});
