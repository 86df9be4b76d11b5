import type {
  AcceptInvitationResult,
  CreateInvitationRequest,
  CreateWorkspaceRequest,
  Invitation,
  InvitationCode,
  InvitationCreated,
  InvitationLookup,
  JoinRequest,
  JoinRequestDecision,
  MyJoinRequest,
  SharingLevel,
  TeamMember,
  Workspace,
} from '@warmpath/contracts';
import { api } from '../../lib/api/api';

/**
 * Workspaces (also called teams) and everything around them: product-spec §7's /api/teams*,
 * /api/invitations* and /api/workspaces/join-request rows. One 'Teams' tag: any change to a
 * workspace, its members or its requests refetches what the screens show (cards carry the
 * member count, so an approval must refresh the list too).
 */
export const workspacesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** §7: a 401 gives null, not an error. */
    listWorkspaces: build.query<Workspace[] | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('api/teams');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as Workspace[] };
      },
      providesTags: ['Teams'],
    }),
    getWorkspace: build.query<Workspace, number>({
      query: (id) => `api/teams/${id}`,
      providesTags: ['Teams'],
    }),
    createWorkspace: build.mutation<Workspace, CreateWorkspaceRequest>({
      query: (body) => ({ url: 'api/teams', method: 'POST', body }),
      invalidatesTags: ['Teams'],
    }),
    deleteWorkspace: build.mutation<{ deleted: true }, number>({
      query: (id) => ({ url: `api/teams/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Teams'],
    }),
    listMembers: build.query<TeamMember[], number>({
      query: (id) => `api/teams/${id}/members`,
      providesTags: ['Teams'],
    }),
    leaveWorkspace: build.mutation<{ left: true }, number>({
      query: (id) => ({ url: `api/teams/${id}/leave`, method: 'POST' }),
      invalidatesTags: ['Teams'],
    }),
    removeMember: build.mutation<{ removed: true }, { teamId: number; userId: number }>({
      query: ({ teamId, userId }) => ({ url: `api/teams/${teamId}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Teams'],
    }),
    updateSharing: build.mutation<TeamMember, { teamId: number; sharing: SharingLevel }>({
      query: ({ teamId, sharing }) => ({
        url: `api/teams/${teamId}/sharing`,
        method: 'PUT',
        body: { sharing },
      }),
      invalidatesTags: ['Teams'],
    }),
    /** §7: the body repeats teamId (the server takes the path's). */
    createInvitation: build.mutation<InvitationCreated, CreateInvitationRequest & { teamId: number }>({
      query: ({ teamId, email, role }) => ({
        url: `api/teams/${teamId}/invitations`,
        method: 'POST',
        body: { teamId, email, role },
      }),
      invalidatesTags: ['Teams'],
    }),
    listInvitations: build.query<Invitation[], number>({
      query: (id) => `api/teams/${id}/invitations`,
      providesTags: ['Teams'],
    }),
    generateCode: build.mutation<InvitationCode, number>({
      query: (id) => ({ url: `api/teams/${id}/invitation-code`, method: 'POST' }),
    }),
    listJoinRequests: build.query<JoinRequest[], number>({
      query: (id) => `api/teams/${id}/join-requests`,
      providesTags: ['Teams'],
    }),
    decideJoinRequest: build.mutation<
      JoinRequest,
      JoinRequestDecision & { teamId: number; invitationId: number }
    >({
      query: ({ teamId, invitationId, action }) => ({
        url: `api/teams/${teamId}/join-requests/${invitationId}`,
        method: 'POST',
        body: { action },
      }),
      invalidatesTags: ['Teams'],
    }),
    /** Public: what /join/{token} shows before accepting. */
    lookupInvitation: build.query<InvitationLookup, string>({
      query: (token) => `api/invitations/${encodeURIComponent(token)}`,
    }),
    acceptInvitation: build.mutation<AcceptInvitationResult, string>({
      query: (token) => ({ url: `api/invitations/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      invalidatesTags: ['Teams'],
    }),
    requestToJoin: build.mutation<MyJoinRequest, { invitationCode: string }>({
      query: (body) => ({ url: 'api/workspaces/join-request', method: 'POST', body }),
      invalidatesTags: ['Teams'],
    }),
    /** The caller's own requests with their state (DECISIONS.md). */
    listMyJoinRequests: build.query<MyJoinRequest[], void>({
      query: () => 'api/workspaces/join-requests',
      providesTags: ['Teams'],
    }),
  }),
});

export const {
  useListWorkspacesQuery,
  useGetWorkspaceQuery,
  useCreateWorkspaceMutation,
  useDeleteWorkspaceMutation,
  useListMembersQuery,
  useLeaveWorkspaceMutation,
  useRemoveMemberMutation,
  useUpdateSharingMutation,
  useCreateInvitationMutation,
  useListInvitationsQuery,
  useGenerateCodeMutation,
  useListJoinRequestsQuery,
  useDecideJoinRequestMutation,
  useLookupInvitationQuery,
  useAcceptInvitationMutation,
  useRequestToJoinMutation,
  useListMyJoinRequestsQuery,
} = workspacesApi;
