import type {
  AnswerIntroRequest,
  CreateIntroRequest,
  IntroList,
  IntroOutcome,
  IntroRequestView,
  IntroStats,
  IntroSummary,
  TargetAnswer,
  TeamMember,
} from '@warmpath/contracts';
import { api } from '../../lib/api/api';

/** One request of a workspace. */
export interface IntroRef {
  teamId: number;
  introId: number;
}

/** The inbox and the badge (every list), and each workspace's Intros panel. */
const LIST_TAG = { type: 'Intros', id: 'LIST' } as const;
const STATS_TAG = { type: 'Intros', id: 'STATS' } as const;
/** Paths are ranked with the answers (a decline lowers a tie, an intro raises it). */
const PATHS_TAG = { type: 'Network', id: 'DERIVED' } as const;

const base = ({ teamId, introId }: IntroRef) => `api/teams/${teamId}/intros/${introId}`;

/**
 * Introduction requests (docs/intros.md). Every change answers the request as the caller now sees
 * it: that answer replaces the cached page, and the lists, badge and statistics are refetched.
 */
export const introsApi = api.injectEndpoints({
  endpoints: (build) => {
    /** A change of one request by one of its sides. */
    const change = <Body>(path: string, toBody: (arg: IntroRef & Body) => unknown) =>
      build.mutation<IntroRequestView, IntroRef & Body>({
        query: (arg) => ({ url: `${base(arg)}/${path}`, method: 'POST', body: toBody(arg) }),
        invalidatesTags: [LIST_TAG, STATS_TAG, PATHS_TAG],
        async onQueryStarted(arg, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (!data) return;
          const ref = { teamId: arg.teamId, introId: arg.introId };
          void dispatch(introsApi.util.upsertQueryData('getIntro', ref, data));
        },
      });
    return {
      listIntros: build.query<IntroList, void>({
        query: () => 'api/intros',
        providesTags: [LIST_TAG],
      }),
      getIntroSummary: build.query<IntroSummary, void>({
        query: () => 'api/intros/summary',
        providesTags: [LIST_TAG],
      }),
      getIntro: build.query<IntroRequestView, IntroRef>({
        query: base,
        providesTags: (_result, _error, { introId }) => [{ type: 'Intros', id: introId }],
      }),
      /** Seen: the badge's unread count drops; the page keeps what it shows. */
      markIntroRead: build.mutation<IntroRequestView, IntroRef>({
        query: (ref) => ({ url: `${base(ref)}/read`, method: 'POST' }),
        invalidatesTags: [LIST_TAG],
      }),
      createIntro: build.mutation<IntroRequestView, CreateIntroRequest & { teamId: number }>({
        query: ({ teamId, ...body }) => ({ url: `api/teams/${teamId}/intros`, method: 'POST', body }),
        invalidatesTags: [LIST_TAG, STATS_TAG],
      }),
      answerIntro: change<{ answer: AnswerIntroRequest }>('answer', ({ answer }) => answer),
      recordTargetAnswer: change<{ answer: TargetAnswer }>('target-answer', ({ answer }) => answer),
      markIntroduced: change<object>('introduced', () => undefined),
      recordOutcome: change<IntroOutcome>('outcome', ({ outcome }) => ({ outcome })),
      withdrawIntro: change<object>('withdraw', () => undefined),
      /**
       * The workspace's members with their sharing: whether the connector is hidden from the
       * requester (sharing counts) and may choose to be named when accepting.
       */
      listIntroMembers: build.query<TeamMember[], number>({
        query: (teamId) => `api/teams/${teamId}/members`,
        providesTags: ['Teams'],
      }),
      getIntroStats: build.query<IntroStats, number>({
        query: (teamId) => `api/teams/${teamId}/intro-stats`,
        providesTags: [STATS_TAG],
      }),
    };
  },
});

export const {
  useListIntrosQuery,
  useGetIntroSummaryQuery,
  useGetIntroQuery,
  useMarkIntroReadMutation,
  useCreateIntroMutation,
  useAnswerIntroMutation,
  useRecordTargetAnswerMutation,
  useMarkIntroducedMutation,
  useRecordOutcomeMutation,
  useWithdrawIntroMutation,
  useListIntroMembersQuery,
  useGetIntroStatsQuery,
} = introsApi;
