import { parseArgs } from 'node:util';

export const USAGE = `Usage: warmpath-import <file|dir|zip>... [--workspace ID] [--name "<whose export>"] [--json]

Uploads LinkedIn exports (Connections.csv, or the ZIP archive LinkedIn sends) to Warmpath.
  (no --workspace)   into your own network, one import per file
  --workspace ID     into a workspace, each file as a source named for the person it belongs to
  --name NAME        whose export it is (with --workspace; default: the file name without extension)
  --json             print the summary as JSON (progress still goes to stderr)

Environment: WARMPATH_URL (e.g. https://warmpath.example.com), WARMPATH_TOKEN (a personal access
token with the scope imports:write, from your profile page).
Re-running is safe: each upload carries an Idempotency-Key derived from the file's SHA-256.
Exit code: 0 when every file completed, 1 when any failed, 2 for a usage error.`;

export interface Options {
  inputs: string[];
  workspace: number | null;
  name: string | null;
  json: boolean;
  url: string;
  token: string;
}

export class UsageError extends Error {}

/** The command line and environment, checked; a UsageError says what is wrong. */
export function readOptions(argv: string[], env: NodeJS.ProcessEnv): Options | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        workspace: { type: 'string' },
        name: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (!positionals.length) throw new UsageError('Name at least one file, folder or ZIP archive to import.');
  let workspace: number | null = null;
  if (values.workspace !== undefined) {
    if (!/^[1-9]\d*$/.test(values.workspace))
      throw new UsageError('--workspace takes a workspace id (a number).');
    workspace = Number(values.workspace);
  }
  if (values.name !== undefined && workspace === null)
    throw new UsageError('--name names whose export it is in a workspace: use it with --workspace.');
  if (values.name !== undefined && !values.name.trim()) throw new UsageError('--name must not be empty.');
  const url = env.WARMPATH_URL?.trim();
  if (!url)
    throw new UsageError(
      'Set WARMPATH_URL to the address of your Warmpath (e.g. https://warmpath.example.com).',
    );
  try {
    new URL(url);
  } catch {
    throw new UsageError(`WARMPATH_URL is not a URL: ${url}`);
  }
  const token = env.WARMPATH_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      'Set WARMPATH_TOKEN to a personal access token (profile page, scope imports:write).',
    );
  return {
    inputs: positionals,
    workspace,
    name: values.name?.trim() ?? null,
    json: values.json ?? false,
    url: url.replace(/\/+$/, ''),
    token,
  };
}
