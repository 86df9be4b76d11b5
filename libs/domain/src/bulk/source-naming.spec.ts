import { describe, expect, it } from '@jest/globals';
import { sourceNameKey, sourceNameOfFile, sourceOwnerId, splitSourceName } from './source-naming.js';

describe('source naming', () => {
  it('names a file for its person without folders, extension or underscores', () => {
    expect(sourceNameOfFile('exports/ada_lovelace.csv')).toBe('ada lovelace');
    expect(sourceNameOfFile('Grace Hopper.ZIP')).toBe('Grace Hopper');
    expect(sourceNameOfFile('C:\\exports\\Alan  Turing.csv')).toBe('Alan Turing');
    expect(sourceNameOfFile('x'.repeat(150) + '.csv')).toHaveLength(100);
  });

  it('compares names without case and spacing', () => {
    expect(sourceNameKey(' Ada  LOVELACE ')).toBe(sourceNameKey('ada lovelace'));
  });

  it('stores a source under a negative owner id', () => {
    expect(sourceOwnerId(7)).toBe(-7);
  });

  it('splits the last word off as the last name', () => {
    expect(splitSourceName('Ada King Lovelace')).toEqual({ firstName: 'Ada King', lastName: 'Lovelace' });
    expect(splitSourceName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
