import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, renderWithApp, stubServer } from '../../../lib/testing/app.testing';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { ConnectionsTable } from './connections-table';

const many = buildTestNetwork(
  Array.from({ length: 119 }, (_, i) => ({
    firstName: `Person${i + 1}`,
    lastName: 'Tester',
    company: i % 2 ? 'Acme' : null,
    position: i === 0 ? null : 'Engineer',
    yearsConnected: i === 0 ? null : 3,
  })),
).connections;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(connections = many, onViewDetails = vi.fn()) {
  stubServer({});
  renderWithApp(
    <ConnectionsTable connections={connections} selectedId={null} onViewDetails={onViewDetails} />,
  );
  return onViewDetails;
}

const rows = () => document.querySelectorAll('tbody tr.ant-table-row');

describe('ConnectionsTable', () => {
  it('shows 50 rows a page with the count and Page X of Y', () => {
    open();
    expect(screen.getByPlaceholderText('Search connections...')).toBeTruthy();
    expect(screen.getByText('119 connections')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(rows()).toHaveLength(50);
    fireEvent.click(buttonByText('Next'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(buttonByText('Next'));
    expect(rows()).toHaveLength(20);
    expect(buttonByText('Next').disabled).toBe(true);
  });

  it('has the spec columns, marks your own row and writes N/A for empty values', () => {
    open();
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Company',
      'Position',
      'Connection Degree',
      'Years Connected',
      'Added Date',
      'Strength',
      'Actions',
    ]);
    const [own, first] = [...rows()] as HTMLElement[];
    expect(within(own).getByText('Maya Chen (You)')).toBeTruthy();
    expect(within(own).getByLabelText('You')).toBeTruthy();
    // Company, position, years and strength (no archive imported).
    expect(within(first).getAllByText('N/A')).toHaveLength(4);
  });

  it('searches name, company and position and goes back to page 1', async () => {
    open();
    fireEvent.click(buttonByText('Next'));
    fireEvent.change(screen.getByPlaceholderText('Search connections...'), { target: { value: 'person11' } });
    expect(await screen.findByText('11 connections')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('says when nothing matches the search, and when there is nothing at all', async () => {
    open();
    fireEvent.change(screen.getByPlaceholderText('Search connections...'), {
      target: { value: 'nobody here' },
    });
    expect(await screen.findByText('No connections matching your search')).toBeTruthy();
    cleanup();
    open([]);
    expect(screen.getByText('No connections available')).toBeTruthy();
  });

  it("opens a person's details from 'View Details'", () => {
    const onViewDetails = open();
    fireEvent.click(within(rows()[1] as HTMLElement).getByText('View Details'));
    expect(onViewDetails).toHaveBeenCalledWith(many[1]);
  });

  it("shows each tie's band and score, and sorts everyone by strength, not just the page", () => {
    const people = buildTestNetwork([
      ...Array.from({ length: 60 }, (_, i) => ({ firstName: `Plain${i + 1}`, lastName: 'Tester' })),
      { firstName: 'Wendy', lastName: 'Weak', strength: { score: 8, band: 'weak' as const } },
      { firstName: 'Sam', lastName: 'Strong', strength: { score: 52, band: 'strong' as const } },
      { firstName: 'Bea', lastName: 'Banded', strength: { band: 'medium' as const } },
    ]).connections;
    open(people);
    // The strong tie is on page 2 as the rows came.
    expect(screen.queryByText('Sam Strong')).toBeNull();
    fireEvent.click(screen.getByText('Strength'));
    const names = () => [...rows()].map((row) => row.querySelector('td')?.textContent);
    expect(names().slice(0, 4)).toEqual(['Maya Chen (You)', 'Sam Strong', 'Bea Banded', 'Wendy Weak']);
    expect(within(rows()[1] as HTMLElement).getByLabelText('Tie strength: Strong · 52')).toBeTruthy();
    expect(within(rows()[2] as HTMLElement).getByLabelText('Tie strength: Medium')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByText('Strength'));
    expect(names().slice(0, 2)).toEqual(['Maya Chen (You)', 'Plain1 Tester']);
    fireEvent.click(buttonByText('Next'));
    expect(names().slice(-3)).toEqual(['Wendy Weak', 'Bea Banded', 'Sam Strong']);
  });
});
