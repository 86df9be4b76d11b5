import { describe, expect, it } from '@jest/globals';
import { planBulkArchive } from './bulk-archive-plan.js';

describe('planBulkArchive', () => {
  it('reads one LinkedIn archive as a single export', () => {
    expect(planBulkArchive(['Connections.csv', 'Positions.csv', 'Profile.csv'])).toEqual({ kind: 'single' });
    expect(
      planBulkArchive(['Basic_LinkedInDataExport/Connections.csv', 'Basic_LinkedInDataExport/Positions.csv']),
    ).toEqual({
      kind: 'single',
    });
  });

  it('splits CSV files, archives and folders, each named for its person', () => {
    const plan = planBulkArchive([
      'Ada Lovelace.csv',
      'grace_hopper.zip',
      'Alan Turing/',
      'Alan Turing/Basic/Connections.csv',
      'Alan Turing/Basic/Positions.csv',
      'README.txt',
      '__MACOSX/._Ada Lovelace.csv',
      '.DS_Store',
    ]);
    expect(plan).toEqual({
      kind: 'split',
      exports: [
        { sourceName: 'Ada Lovelace', entryName: 'Ada Lovelace.csv', kind: 'csv' },
        { sourceName: 'grace hopper', entryName: 'grace_hopper.zip', kind: 'zip' },
        { sourceName: 'Alan Turing', entryName: 'Alan Turing/Basic/Connections.csv', kind: 'csv' },
      ],
    });
  });

  it('reads an archive of one folder as if the folder were its top', () => {
    expect(planBulkArchive(['team/Ada.csv', 'team/Bo.csv'])).toEqual({
      kind: 'split',
      exports: [
        { sourceName: 'Ada', entryName: 'team/Ada.csv', kind: 'csv' },
        { sourceName: 'Bo', entryName: 'team/Bo.csv', kind: 'csv' },
      ],
    });
  });

  it('finds no export in an archive of other files', () => {
    expect(planBulkArchive(['notes.txt', 'photos/a.jpg'])).toEqual({ kind: 'split', exports: [] });
  });
});
