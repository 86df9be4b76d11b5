import { describe, expect, it } from '@jest/globals';
import { readOptions, UsageError } from './options.js';

const env = { WARMPATH_URL: 'http://127.0.0.1:3000/', WARMPATH_TOKEN: 'wp_pat_x' };

describe('readOptions', () => {
  it('reads files, --workspace, --name and --json, and the environment', () => {
    expect(
      readOptions(['a.csv', 'dir', '--workspace', '12', '--name', ' Ana Silva ', '--json'], env),
    ).toEqual({
      inputs: ['a.csv', 'dir'],
      workspace: 12,
      name: 'Ana Silva',
      json: true,
      url: 'http://127.0.0.1:3000',
      token: 'wp_pat_x',
    });
    expect(readOptions(['--help'], {})).toBe('help');
  });

  it.each([
    [[], env, 'Name at least one file, folder or ZIP archive to import.'],
    [['a.csv', '--workspace', 'abc'], env, '--workspace takes a workspace id (a number).'],
    [
      ['a.csv', '--name', 'Ana'],
      env,
      '--name names whose export it is in a workspace: use it with --workspace.',
    ],
    [
      ['a.csv'],
      { WARMPATH_TOKEN: 't' },
      'Set WARMPATH_URL to the address of your Warmpath (e.g. https://warmpath.example.com).',
    ],
    [['a.csv'], { WARMPATH_URL: 'not a url', WARMPATH_TOKEN: 't' }, 'WARMPATH_URL is not a URL: not a url'],
    [
      ['a.csv'],
      { WARMPATH_URL: 'http://x' },
      'Set WARMPATH_TOKEN to a personal access token (profile page, scope imports:write).',
    ],
    [['a.csv', '--colour'], env, "Unknown option '--colour'"],
  ])('refuses %j with a usage error', (argv, environment, message) => {
    expect(() => readOptions(argv, environment)).toThrow(UsageError);
    expect(() => readOptions(argv, environment)).toThrow(message);
  });
});
