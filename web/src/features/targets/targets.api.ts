import type {
  ColumnMapping,
  TargetCorrection,
  TargetList,
  TargetListResults,
  TeamMember,
  Workspace,
} from '@warmpath/contracts';
import { TARGET_RESULTS_PAGE_MAX } from '@warmpath/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api/api';
import { type TargetListRef, type TargetScope, targetsApiBase } from './target-scope';

const LISTS = (scope: TargetScope) => ({
  type: 'TargetLists' as const,
  id: `lists-${scope.teamId ?? 'own'}`,
});
const RESULTS = (ref: TargetListRef) => ({ type: 'TargetLists' as const, id: ref.listId });
const listUrl = (ref: TargetListRef) => `${targetsApiBase(ref)}/${ref.listId}`;

/** A new list: a file (multipart, with the mapping chosen in the mapping step) or pasted lines. */
export type CreateTargetList = TargetScope & { name: string } & (
    { file: File; mapping?: ColumnMapping } | { text: string }
  );

/** Every ranked row of a list: pages of at most TARGET_RESULTS_PAGE_MAX until `rowCount`. */
export function mergeResultPages(pages: TargetListResults[]): TargetListResults {
  const [first, ...rest] = pages;
  if (!first) throw new Error('no page');
  return { ...first, offset: 0, rows: [first.rows, ...rest.map((page) => page.rows)].flat() };
}

/**
 * Target lists (docs/targets.md#routes): your own under /api/target-lists, a workspace's under
 * /api/teams/{id}/target-lists. Results replace their cache entry on a correction; a change of a
 * list refetches the lists of its scope.
 */
export const targetsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTargetLists: build.query<TargetList[], TargetScope>({
      query: (scope) => targetsApiBase(scope),
      transformResponse: (body: { lists: TargetList[] }) => body.lists,
      providesTags: (_result, _error, scope) => [LISTS(scope)],
    }),
    getTargetResults: build.query<TargetListResults, TargetListRef>({
      async queryFn(ref, _api, _extra, baseQuery) {
        const pages: TargetListResults[] = [];
        for (;;) {
          const offset = pages.reduce((sum, page) => sum + page.rows.length, 0);
          const answer = await baseQuery(`${listUrl(ref)}?offset=${offset}&limit=${TARGET_RESULTS_PAGE_MAX}`);
          if (answer.error) return { error: answer.error as FetchBaseQueryError };
          const page = answer.data as TargetListResults;
          pages.push(page);
          const total = page.rowCount;
          if (total === undefined || offset + page.rows.length >= total || page.rows.length === 0) break;
        }
        return { data: mergeResultPages(pages) };
      },
      providesTags: (_result, _error, ref) => [RESULTS(ref)],
    }),
    createTargetList: build.mutation<TargetList, CreateTargetList>({
      query: (arg) => {
        if ('text' in arg)
          return { url: targetsApiBase(arg), method: 'POST', body: { name: arg.name, text: arg.text } };
        const form = new FormData();
        form.append('name', arg.name);
        if (arg.mapping) form.append('mapping', JSON.stringify(arg.mapping));
        form.append('file', arg.file, arg.file.name);
        return { url: targetsApiBase(arg), method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, scope) => [LISTS(scope)],
    }),
    renameTargetList: build.mutation<TargetList, TargetListRef & { name: string }>({
      query: ({ name, ...ref }) => ({ url: listUrl(ref), method: 'PUT', body: { name } }),
      invalidatesTags: (_result, _error, ref) => [LISTS(ref), RESULTS(ref)],
    }),
    deleteTargetList: build.mutation<{ id: string }, TargetListRef>({
      query: (ref) => ({ url: listUrl(ref), method: 'DELETE' }),
      invalidatesTags: (_result, _error, ref) => [LISTS(ref)],
    }),
    /** The answer is the list's first page: the rows it holds replace the cached rows' first part. */
    correctTargets: build.mutation<TargetListResults, TargetListRef & { corrections: TargetCorrection[] }>({
      query: ({ corrections, ...ref }) => ({
        url: `${listUrl(ref)}/corrections`,
        method: 'PUT',
        body: { corrections },
      }),
      invalidatesTags: (_result, _error, ref) => [LISTS(ref), RESULTS(ref)],
    }),
    /** Undoes one line's correction: the target is matched automatically again. */
    removeTargetCorrection: build.mutation<TargetListResults, TargetListRef & { line: number }>({
      query: ({ line, ...ref }) => ({ url: `${listUrl(ref)}/corrections/${line}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, ref) => [LISTS(ref), RESULTS(ref)],
    }),
    /** After showing a list: its next opening shows only newer ways in (docs/targets.md#new-ways-in). */
    markTargetListSeen: build.mutation<null, TargetListRef>({
      query: (ref) => ({ url: `${listUrl(ref)}/seen`, method: 'PUT' }),
      invalidatesTags: (_result, _error, ref) => [LISTS(ref)],
    }),
    /** The workspace, for the viewer's role (who may change a list) and its name. */
    getTargetsWorkspace: build.query<Workspace, number>({
      query: (teamId) => `api/teams/${teamId}`,
      providesTags: ['Teams'],
    }),
    /** Its members, to name connectors. */
    listTargetsMembers: build.query<TeamMember[], number>({
      query: (teamId) => `api/teams/${teamId}/members`,
      providesTags: ['Teams'],
    }),
  }),
});

export const {
  useListTargetListsQuery,
  useGetTargetResultsQuery,
  useCreateTargetListMutation,
  useRenameTargetListMutation,
  useDeleteTargetListMutation,
  useCorrectTargetsMutation,
  useRemoveTargetCorrectionMutation,
  useMarkTargetListSeenMutation,
  useGetTargetsWorkspaceQuery,
  useListTargetsMembersQuery,
} = targetsApi;

/** The export's address: a plain link, so the browser downloads it with the session cookie. */
export function targetExportUrl(ref: TargetListRef): string {
  return `/${listUrl(ref)}/export.csv`;
}
