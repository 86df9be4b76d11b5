import { z } from 'zod';
import { warmIntroRequestSchema, warmIntroResponseSchema } from '../ai/ai.schema.js';
import {
  changePasswordRequestSchema,
  loggedOutSchema,
  loginRequestSchema,
  oauthProviderStatusSchema,
  passwordChangedSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
  userSchema,
} from '../auth/auth.schema.js';
import {
  accessTokenListSchema,
  createdAccessTokenSchema,
  createTokenRequestSchema,
  revokedTokenSchema,
} from '../auth/tokens.schema.js';
import {
  bulkImportAcceptedSchema,
  bulkImportSchema,
  claimedSourceSchema,
  workspaceSourceSchema,
} from '../bulk/bulk.schema.js';
import { gatewayHealthSchema } from '../health/health.contract.js';
import {
  absentStatusSchema,
  removeAbsentReplySchema,
  restoreAbsentReplySchema,
} from '../imports/absent-removal.schema.js';
import { importChangesPageSchema, importChangesQuerySchema } from '../imports/import-changes.schema.js';
import {
  importAcceptedSchema,
  importListSchema,
  importResultSchema,
  importStatusSchema,
} from '../imports/imports.schema.js';
import {
  answerIntroRequestSchema,
  createIntroRequestSchema,
  introListSchema,
  introOutcomeSchema,
  introRequestViewSchema,
  introStatsSchema,
  introSummarySchema,
  listIntrosQuerySchema,
  targetAnswerSchema,
} from '../intros/intros.schema.js';
import { updateNotesRequestSchema } from '../network/network-notes.contract.js';
import { findPathQuerySchema, warmPathSchema } from '../network/network-path.contract.js';
import { networkStatsSchema } from '../network/network-stats.contract.js';
import { COMPACT_NETWORK_MEDIA_TYPE } from '../network/network-graph.contract.js';
import { teamNetworkDataSchema } from '../network/network-team-graph.contract.js';
import { viewerPatchBodySchema } from '../network/network-team-split.contract.js';
import { connectionSchema, networkDataSchema } from '../network/network.schema.js';
import {
  createTargetListFromTextSchema,
  targetListResultsSchema,
  targetListSchema,
  targetListsResponseSchema,
  targetResultsPageSchema,
  updateTargetListSchema,
} from '../targets/target-list.schema.js';
import { replaceCorrectionsRequestSchema } from '../targets/target-match.schema.js';
import {
  acceptInvitationResultSchema,
  createInvitationRequestSchema,
  createWorkspaceRequestSchema,
  deletedSchema,
  invitationCodeSchema,
  invitationCreatedSchema,
  invitationLookupSchema,
  invitationSchema,
  joinRequestCreateSchema,
  joinRequestDecisionSchema,
  joinRequestSchema,
  leftSchema,
  myJoinRequestSchema,
  removedSchema,
  teamMemberSchema,
  updateSharingRequestSchema,
  workspaceSchema,
} from '../teams/teams.schema.js';
import { eventStream, json, jsonBody, multipartBody, type ApiRoute } from './api-route.js';

const uploadAnswers = {
  200: json(
    importResultSchema,
    'The import completed within the wait: the whole network after it, own node first',
  ),
  202: {
    ...json(
      importAcceptedSchema,
      'Still running past the wait, too large to answer inline, or asked with `Prefer: respond-async`: follow `statusUrl` or `eventsUrl`',
    ),
    headers: { Location: 'The status URL (`/api/imports/{id}`)' },
  },
};
const snapshotNotModified = { description: 'Not modified: the `If-None-Match` ETag is current' };
const splitHeaders = {
  ETag: 'Strong, quoted; changes with the workspace version',
  'X-Network-Version': 'The workspace version (its fingerprint)',
};

/**
 * Every `/api` route of the gateway. Adding a route is one entry here (the gateway's route test
 * fails until there is one); see docs/developer-guide.md.
 */
// One line per route, so adding one is one line.
// prettier-ignore
export const API_ROUTES: readonly ApiRoute[] = [
  // Auth and the account (sessions only)
  { method: 'post', path: '/api/register', tag: 'Account', summary: 'Create an account and sign in', access: 'public', body: jsonBody(registerRequestSchema), responses: { 201: json(userSchema, 'The new account; the session and device cookies are set') }, errors: [400, 409] },
  { method: 'post', path: '/api/login', tag: 'Account', summary: 'Sign in with a password', access: 'public', body: jsonBody(loginRequestSchema), responses: { 200: json(userSchema, 'The account; the session and device cookies are set') }, errors: [400, 401] },
  { method: 'post', path: '/api/logout', tag: 'Account', summary: 'Sign out', access: 'public', responses: { 200: json(loggedOutSchema, 'The session is ended') } },
  { method: 'get', path: '/api/user', tag: 'Account', summary: 'The signed-in account', access: 'session', responses: { 200: json(userSchema, 'The account') } },
  { method: 'patch', path: '/api/user', tag: 'Account', summary: 'Update the profile', access: 'session', body: jsonBody(updateProfileRequestSchema), responses: { 200: json(userSchema, 'The updated account') }, errors: [400] },
  { method: 'post', path: '/api/user/password', tag: 'Account', summary: 'Change the password (ends every other session)', access: 'session', body: jsonBody(changePasswordRequestSchema), responses: { 200: json(passwordChangedSchema, 'Changed; a new session cookie is set') }, errors: [400] },
  { method: 'get', path: '/api/admin/users', tag: 'Account', summary: 'Every account (admin only)', access: 'session', responses: { 200: json(z.array(userSchema), 'The accounts') } },
  { method: 'get', path: '/api/oauth/providers', tag: 'Account', summary: 'Which sign-in providers are configured', access: 'public', responses: { 200: json(z.array(oauthProviderStatusSchema), 'One entry per provider') } },
  { method: 'get', path: '/api/oauth/{provider}', tag: 'Account', summary: 'Start signing in with a provider (browser navigation)', access: 'public', responses: { 302: { description: "To the provider, or back to the app's page with an error" } }, errors: [404] },
  { method: 'get', path: '/api/oauth/{provider}/callback', tag: 'Account', summary: "Finish a provider sign-in with the provider's query", access: 'public', responses: { 200: json(userSchema, 'The account; the session cookie is set') }, errors: [400, 409] },
  // Personal access tokens (sessions only: a token never manages tokens)
  { method: 'get', path: '/api/tokens', tag: 'Access tokens', summary: 'Your personal access tokens', access: 'session', responses: { 200: json(accessTokenListSchema, 'Live tokens, newest first; never their secrets') } },
  { method: 'post', path: '/api/tokens', tag: 'Access tokens', summary: 'Create a personal access token', description: 'The secret (`wp_pat_…`) is in this answer only; send it as `Authorization: Bearer <secret>`.', access: 'session', body: jsonBody(createTokenRequestSchema), responses: { 201: json(createdAccessTokenSchema, 'The token with its secret, shown once') }, errors: [400, 409] },
  { method: 'delete', path: '/api/tokens/{id}', tag: 'Access tokens', summary: 'Revoke a token (at once)', access: 'session', responses: { 200: json(revokedTokenSchema, 'Revoked') }, errors: [404] },
  // Imports
  { method: 'post', path: '/api/network/import/authenticated', tag: 'Imports', summary: "Import a LinkedIn export into your network ('Import' dialog)", access: 'imports:write', body: multipartBody(), responses: uploadAnswers, errors: [400, 409, 413, 415], respondAsync: true, idempotent: true },
  { method: 'post', path: '/api/linkedin/import-csv', tag: 'Imports', summary: "Import a LinkedIn export into your network ('Import LinkedIn Data' dialog)", access: 'imports:write', body: multipartBody(), responses: uploadAnswers, errors: [400, 409, 413, 415], respondAsync: true, idempotent: true },
  { method: 'post', path: '/api/network/import', tag: 'Imports', summary: 'Preview an export without an account (nothing stored)', access: 'public', body: multipartBody(), responses: { 200: json(importResultSchema, 'The network the file gives') }, errors: [400, 413, 415] },
  { method: 'get', path: '/api/imports', tag: 'Imports', summary: 'Your last imports, newest first', access: 'imports:write', responses: { 200: json(importListSchema, 'The imports') } },
  { method: 'get', path: '/api/imports/{id}', tag: 'Imports', summary: "An import's status and counts", access: 'imports:write', responses: { 200: json(importStatusSchema, 'The status') }, errors: [404] },
  { method: 'get', path: '/api/imports/{id}/changes', tag: 'Imports', summary: 'What an import changed, paged', access: 'imports:write', query: importChangesQuerySchema, responses: { 200: json(importChangesPageSchema, 'One page of changes') }, errors: [400, 404] },
  { method: 'get', path: '/api/imports/{id}/events', tag: 'Imports', summary: "An import's progress as Server-Sent Events", access: 'imports:write', responses: { 200: eventStream(importStatusSchema, 'One `progress` event per change; closed after `completed` or `failed`',) }, errors: [404] },
  { method: 'get', path: '/api/imports/{id}/absent', tag: 'Imports', summary: 'Whether the people not in this export can be removed, and their removal (undoable 7 days)', access: 'imports:write', responses: { 200: json(absentStatusSchema, 'The state') }, errors: [404] },
  { method: 'post', path: '/api/imports/{id}/remove-absent', tag: 'Imports', summary: 'Remove the people not in your latest export (undoable for 7 days)', access: 'imports:write', responses: { 200: json(removeAbsentReplySchema, 'Removed, and until when it can be undone') }, errors: [404, 409] },
  { method: 'post', path: '/api/imports/{id}/restore-absent', tag: 'Imports', summary: 'Undo the removal of the people not in that export', access: 'imports:write', responses: { 200: json(restoreAbsentReplySchema, 'Restored, with their notes') }, errors: [404, 409, 410] },
  // Bulk imports into a workspace (owner or admin upload; members read)
  { method: 'post', path: '/api/teams/{id}/bulk-imports', tag: 'Bulk imports', summary: "Upload many exports into a workspace, each a source named for its person", description: 'Multipart: one or more `file` parts (CSV or ZIP), each after optional text fields `name` and `email`; a ZIP may hold several exports.', access: 'imports:write', body: multipartBody({ name: 'Whose export the next file is (default: the file name)', email: 'Their e-mail, so they can claim it when they join' }), responses: { 202: json(bulkImportAcceptedSchema, 'Accepted (or, retried with the same `Idempotency-Key` and files, the bulk that key recorded); follow `statusUrl` or `eventsUrl`') }, errors: [400, 404, 409, 413, 415], idempotent: true },
  { method: 'get', path: '/api/bulk-imports/{id}', tag: 'Bulk imports', summary: "A bulk import's files with their states and row counts", access: 'imports:write', responses: { 200: json(bulkImportSchema, 'The bulk') }, errors: [404] },
  { method: 'get', path: '/api/bulk-imports/{id}/events', tag: 'Bulk imports', summary: "A bulk import's progress as Server-Sent Events", access: 'imports:write', responses: { 200: eventStream(bulkImportSchema, 'The bulk after each change; closed once every file is done') }, errors: [404] },
  { method: 'get', path: '/api/teams/{id}/sources', tag: 'Bulk imports', summary: "A workspace's uploaded exports (sources)", access: 'workspaces:read', responses: { 200: json(z.array(workspaceSourceSchema), 'The sources') }, errors: [404] },
  { method: 'put', path: '/api/teams/{id}/sources/{sourceId}', tag: 'Bulk imports', summary: 'Replace a source by a newer export (changes recorded)', access: 'imports:write', body: multipartBody(), responses: { 202: json(bulkImportAcceptedSchema, 'Accepted as a bulk of one file') }, errors: [400, 404, 413, 415] },
  { method: 'delete', path: '/api/teams/{id}/sources/{sourceId}', tag: 'Bulk imports', summary: 'Delete a source and its people from the workspace', access: 'imports:write', responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted') }, errors: [400, 404] },
  { method: 'post', path: '/api/teams/{id}/sources/{sourceId}/claim', tag: 'Bulk imports', summary: 'Claim the export uploaded for you as your own network', access: 'session', responses: { 200: json(claimedSourceSchema, 'Claimed') }, errors: [400, 404, 409] },
  // Your network
  { method: 'get', path: '/api/network', tag: 'Network', summary: 'Your whole network', description: 'Served compressed (brotli or gzip, as accepted) with an ETag.', access: 'network:read', responses: { 200: json(networkDataSchema, 'People, company links and companies'), 304: snapshotNotModified } },
  { method: 'patch', path: '/api/network/connections/{id}', tag: 'Network', summary: "A connection's private notes", access: 'session', body: jsonBody(updateNotesRequestSchema), responses: { 200: json(connectionSchema, 'The connection') }, errors: [400, 404] },
  { method: 'get', path: '/api/network/paths', tag: 'Network', summary: 'The warmest introduction path to a person', access: 'network:read', query: findPathQuerySchema, responses: { 200: json(warmPathSchema, 'The path, hop by hop') }, errors: [400, 404] },
  { method: 'get', path: '/api/network/stats', tag: 'Network', summary: 'Counts by degree, company, category, seniority and year', access: 'network:read', responses: { 200: json(networkStatsSchema, 'The statistics') } },
  { method: 'post', path: '/api/network/generate-warm-intro', tag: 'Network', summary: 'Draft a warm introduction message', access: 'session', body: jsonBody(warmIntroRequestSchema), responses: { 200: json(warmIntroResponseSchema, 'The draft') }, errors: [400, 502] },
  // Workspaces
  { method: 'post', path: '/api/teams', tag: 'Workspaces', summary: 'Create a workspace', access: 'session', body: jsonBody(createWorkspaceRequestSchema), responses: { 201: json(workspaceSchema, 'The workspace') }, errors: [400] },
  { method: 'get', path: '/api/teams', tag: 'Workspaces', summary: 'Your workspaces', access: 'workspaces:read', responses: { 200: json(z.array(workspaceSchema), 'The workspaces') } },
  { method: 'get', path: '/api/teams/{id}', tag: 'Workspaces', summary: 'A workspace', access: 'workspaces:read', responses: { 200: json(workspaceSchema, 'The workspace') }, errors: [404] },
  { method: 'delete', path: '/api/teams/{id}', tag: 'Workspaces', summary: 'Delete a workspace (owner)', access: 'session', responses: { 200: json(deletedSchema, 'Deleted') }, errors: [404] },
  { method: 'get', path: '/api/teams/{id}/members', tag: 'Workspaces', summary: "A workspace's members", access: 'workspaces:read', responses: { 200: json(z.array(teamMemberSchema), 'The members') }, errors: [404] },
  { method: 'delete', path: '/api/teams/{id}/members/{userId}', tag: 'Workspaces', summary: 'Remove a member (owner)', access: 'session', responses: { 200: json(removedSchema, 'Removed') }, errors: [400, 404] },
  { method: 'post', path: '/api/teams/{id}/leave', tag: 'Workspaces', summary: 'Leave a workspace', access: 'session', responses: { 200: json(leftSchema, 'Left') }, errors: [404] },
  { method: 'put', path: '/api/teams/{id}/sharing', tag: 'Workspaces', summary: 'Your sharing level in a workspace', access: 'session', body: jsonBody(updateSharingRequestSchema), responses: { 200: json(teamMemberSchema, 'Your member row') }, errors: [400, 404] },
  { method: 'get', path: '/api/teams/{id}/network', tag: 'Workspaces', summary: "A workspace's pooled network as you see it", access: 'workspaces:read', responses: { 200: json(teamNetworkDataSchema, 'The pooled network'), 304: snapshotNotModified }, errors: [404] },
  { method: 'get', path: '/api/teams/{id}/network/base', tag: 'Workspaces', summary: "A workspace's pooled network as every member shares it (the base)", description: 'The compact representation (`application/vnd.warmpath.network.v1+json`, docs/network-api.md) of the base: the same bytes for every member of a workspace version. Assembled with your `GET /api/network` and `GET /api/teams/{id}/network/patch` into your pooled network. Brotli or gzip as accepted; a strong `ETag` of the workspace version, 304 on `If-None-Match`.', access: 'workspaces:read', responses: { 200: { description: 'The base, compact', contentType: COMPACT_NETWORK_MEDIA_TYPE, headers: splitHeaders }, 304: snapshotNotModified }, errors: [404] },
  { method: 'get', path: '/api/teams/{id}/network/patch', tag: 'Workspaces', summary: 'What your pooled network adds to the base (your patch)', description: '`{ base, own, patch }`: `base` is the `ETag` of the base the patch was made for (quotes included), `own` the version of your own network whose records the patch indexes (the `X-Network-Version` of `GET /api/network` for those records: assemble only with that one), `patch` your viewer patch (format `warmpath.viewer-patch`). Brotli or gzip as accepted; a strong `ETag` of the workspace version and you, 304 on `If-None-Match`.', access: 'workspaces:read', responses: { 200: { ...json(viewerPatchBodySchema, 'The patch and the base it belongs to'), headers: splitHeaders }, 304: snapshotNotModified }, errors: [404] },
  { method: 'post', path: '/api/teams/{teamId}/invitations', tag: 'Workspaces', summary: 'Invite by e-mail (owner or admin)', access: 'session', body: jsonBody(createInvitationRequestSchema), responses: { 201: json(invitationCreatedSchema, 'The invitation with its link, shown once') }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/teams/{teamId}/invitations', tag: 'Workspaces', summary: "A workspace's e-mail invitations (owner or admin)", access: 'session', responses: { 200: json(z.array(invitationSchema), 'The invitations') }, errors: [404] },
  { method: 'post', path: '/api/teams/{id}/invitation-code', tag: 'Workspaces', summary: 'A new invitation code (owner or admin)', access: 'session', responses: { 201: json(invitationCodeSchema, 'The code; the previous one stops working') }, errors: [404] },
  { method: 'get', path: '/api/teams/{id}/join-requests', tag: 'Workspaces', summary: 'Pending join requests (owner)', access: 'session', responses: { 200: json(z.array(joinRequestSchema), 'The requests') }, errors: [404] },
  { method: 'post', path: '/api/teams/{id}/join-requests/{invitationId}', tag: 'Workspaces', summary: 'Approve or reject a join request (owner)', access: 'session', body: jsonBody(joinRequestDecisionSchema), responses: { 200: json(joinRequestSchema, 'The decided request') }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/workspaces/join-request', tag: 'Workspaces', summary: 'Ask to join a workspace by its code', access: 'session', body: jsonBody(joinRequestCreateSchema), responses: { 201: json(myJoinRequestSchema, 'The pending request') }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/workspaces/join-requests', tag: 'Workspaces', summary: 'Your join requests', access: 'session', responses: { 200: json(z.array(myJoinRequestSchema), 'The requests') } },
  { method: 'get', path: '/api/invitations/{token}', tag: 'Workspaces', summary: 'What an invitation link invites to', access: 'public', responses: { 200: json(invitationLookupSchema, 'The invitation') }, errors: [404, 410] },
  { method: 'post', path: '/api/invitations/{token}/accept', tag: 'Workspaces', summary: 'Accept an invitation', access: 'session', responses: { 200: json(acceptInvitationResultSchema, 'Joined') }, errors: [404, 410] },
  // Introduction requests (docs/intros.md): only the two sides of a request see it
  { method: 'post', path: '/api/teams/{id}/intros', tag: 'Intros', summary: 'Ask a teammate who knows a person for an introduction', access: 'intros:write', body: jsonBody(createIntroRequestSchema), responses: { 201: json(introRequestViewSchema, 'The request, as you see it') }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/teams/{id}/intros', tag: 'Intros', summary: 'Your introduction requests in a workspace, asked and addressed to you', access: 'intros:read', query: listIntrosQuerySchema, responses: { 200: json(introListSchema, 'The requests, newest first, with the counts for a badge') }, errors: [400, 404] },
  { method: 'get', path: '/api/teams/{id}/intros/{introId}', tag: 'Intros', summary: 'One introduction request with its timeline', access: 'intros:read', responses: { 200: json(introRequestViewSchema, 'The request') }, errors: [400, 404] },
  { method: 'post', path: '/api/teams/{id}/intros/{introId}/read', tag: 'Intros', summary: 'Mark a request read (clears it from the unread count)', access: 'intros:read', responses: { 200: json(introRequestViewSchema, 'The request') }, errors: [400, 404] },
  { method: 'post', path: '/api/teams/{id}/intros/{introId}/answer', tag: 'Intros', summary: 'Accept, decline or ask the target first (the teammate asked)', access: 'intros:write', body: jsonBody(answerIntroRequestSchema), responses: { 200: json(introRequestViewSchema, 'The answered request') }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/teams/{id}/intros/{introId}/target-answer', tag: 'Intros', summary: "Record the target's answer to a double opt-in (the teammate asked)", access: 'intros:write', body: jsonBody(targetAnswerSchema), responses: { 200: json(introRequestViewSchema, 'The request') }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/teams/{id}/intros/{introId}/introduced', tag: 'Intros', summary: 'Mark the introduction made (the teammate asked)', access: 'intros:write', responses: { 200: json(introRequestViewSchema, 'The request') }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/teams/{id}/intros/{introId}/outcome', tag: 'Intros', summary: 'Record whether the introduction led to a meeting (the requester)', access: 'intros:write', body: jsonBody(introOutcomeSchema), responses: { 200: json(introRequestViewSchema, 'The request') }, errors: [400, 404, 409] },
  { method: 'post', path: '/api/teams/{id}/intros/{introId}/withdraw', tag: 'Intros', summary: 'Withdraw a request not yet introduced (the requester)', access: 'intros:write', responses: { 200: json(introRequestViewSchema, 'The request') }, errors: [400, 404, 409] },
  { method: 'get', path: '/api/teams/{id}/intro-stats', tag: 'Intros', summary: "The workspace's Intros panel: requests, acceptance, answer time, meetings, per member", access: 'intros:read', responses: { 200: json(introStatsSchema, 'The statistics') }, errors: [400, 404] },
  { method: 'get', path: '/api/intros', tag: 'Intros', summary: 'Your introduction requests in every workspace (the inbox)', access: 'intros:read', query: listIntrosQuerySchema, responses: { 200: json(introListSchema, 'The requests, newest first, with the counts for a badge') }, errors: [400] },
  { method: 'get', path: '/api/intros/summary', tag: 'Intros', summary: "The inbox badge: requests awaiting you and unread", access: 'intros:read', responses: { 200: json(introSummarySchema, 'The counts') } },
  // Target lists (docs/targets.md#routes): your own, matched against your network, and a workspace's
  ...targetListRoutes('/api/target-lists', 'your network'),
  ...targetListRoutes('/api/teams/{id}/target-lists', "the workspace's pooled network"),
  ...targetListSeenRoutes(['/api/target-lists', '/api/teams/{id}/target-lists']),
  // Operations and this reference
  { method: 'get', path: '/api/health', tag: 'Operations', summary: 'Whether every backend service answers', access: 'public', responses: { 200: json(gatewayHealthSchema, 'All up'), 503: json(gatewayHealthSchema, 'Some down (named in `missing`)') } },
  { method: 'get', path: '/api/openapi.json', tag: 'Operations', summary: 'This OpenAPI 3.1 document', access: 'public', responses: { 200: json(z.record(z.string(), z.unknown()), 'The document') } },
  { method: 'get', path: '/api/docs', tag: 'Operations', summary: 'The browsable API reference', access: 'public', responses: { 200: { description: 'An HTML page rendering this document', contentType: 'text/html' } } },
];

/** The routes of one kind of target list (own, or a workspace's: 404 for a non-member). */
function targetListRoutes(base: string, network: string): ApiRoute[] {
  const upload =
    'Multipart: a `file` (CSV or .xlsx, up to 5 MB), an optional `name` and an optional `mapping` (the JSON of the column mapping chosen in the mapping step; malformed: 400 on `mapping`); or JSON `{ "name", "text" }` with one company, domain or LinkedIn URL a line. A refused file (empty, no company or person column, too many rows, unreadable) is a 400 with its reason, and nothing is stored.';
  const editors = "its creator, or the workspace's owner or admins";
  const tag = 'Target lists';
  const deleted = z.object({ id: z.uuid() });
  return [
    {
      method: 'get',
      path: base,
      tag,
      summary: `Target lists matched against ${network}`,
      access: 'targets:read',
      responses: { 200: json(targetListsResponseSchema, 'The lists, newest first') },
      errors: [400, 404],
    },
    {
      method: 'post',
      path: base,
      tag,
      summary: 'Upload or paste a target list',
      description: upload,
      access: 'targets:write',
      body: {
        ...multipartBody(
          {
            name: "The list's name (default: the file name)",
            mapping:
              'JSON of the column mapping chosen in the mapping step ({ "headerRow", "columns", "unsure" }); recognised from the header when absent',
          },
          'The list: CSV (UTF-8 or UTF-16; comma, semicolon or tab) or an Excel .xlsx workbook (its first sheet), at most 5 MB',
        ),
        alternative: jsonBody(createTargetListFromTextSchema),
      },
      responses: { 201: json(targetListSchema, 'The list, stored') },
      errors: [400, 404, 413, 415],
    },
    {
      method: 'get',
      path: `${base}/{listId}`,
      tag,
      summary: `A list's targets with the best way into each, through ${network}`,
      description: 'One page of the ranked rows (`offset`, `limit` up to 1,000).',
      access: 'targets:read',
      query: targetResultsPageSchema,
      responses: { 200: json(targetListResultsSchema, 'Covered targets first, the warmest first') },
      errors: [400, 404],
    },
    {
      method: 'put',
      path: `${base}/{listId}`,
      tag,
      summary: `Rename a list (${editors})`,
      description: 'The file is not kept: to read it with another mapping, upload it again.',
      access: 'targets:write',
      body: jsonBody(updateTargetListSchema),
      responses: { 200: json(targetListSchema, 'The renamed list') },
      errors: [400, 403, 404],
    },
    {
      method: 'put',
      path: `${base}/{listId}/corrections`,
      tag,
      summary: `Correct matches by line (${editors})`,
      description:
        'Each line gets the network company key given (from the suggestions), or null for "nobody of ours is there". Merged by line: the corrections of other lines stay. Lines the list does not hold are ignored.',
      access: 'targets:write',
      body: jsonBody(replaceCorrectionsRequestSchema),
      responses: { 200: json(targetListResultsSchema, 'The results with the corrections, first page') },
      errors: [400, 403, 404],
    },
    {
      method: 'delete',
      path: `${base}/{listId}/corrections/{line}`,
      tag,
      summary: `Remove a line's correction (${editors})`,
      description:
        "The target on that line is matched automatically again; the list's other corrections stay. `line` is the target's line as the results give it (digits from 1, else 400 on `line`); a line the list does not hold, or one without a correction, is a 404 with that reason, and nothing changes.",
      access: 'targets:write',
      responses: { 200: json(targetListResultsSchema, 'The results without that correction, first page') },
      errors: [400, 403, 404],
    },
    {
      method: 'get',
      path: `${base}/{listId}/export.csv`,
      tag,
      summary: "A list's ways in as CSV",
      description:
        'Every target in ranked order, one row per target and connector (a target nobody knows: one row with empty connector cells): line, kind, target, company, domain, LinkedIn, match, covered, warmth band, connector, their best person and position, their people there, people at the target. Cells that a spreadsheet would run as formulas start with an apostrophe.',
      access: 'targets:read',
      responses: {
        200: {
          description: 'The CSV (UTF-8 with a byte-order mark, CRLF), as an attachment named after the list',
          contentType: 'text/csv',
          headers: {
            'Content-Disposition':
              'attachment; filename="<list name>.csv"; filename*=UTF-8\'\'<list name>.csv',
          },
        },
      },
      errors: [400, 404],
    },
    {
      method: 'delete',
      path: `${base}/{listId}`,
      tag,
      summary: `Delete a list (${editors})`,
      access: 'targets:write',
      responses: { 200: json(deleted, 'Deleted, with its targets and corrections') },
      errors: [400, 403, 404],
    },
  ];
}

/** Marking a list seen (docs/targets.md#new-ways-in), under each kind of target list. */
function targetListSeenRoutes(bases: readonly string[]): ApiRoute[] {
  return bases.map((base) => ({
    method: 'put',
    path: `${base}/{listId}/seen`,
    tag: 'Target lists',
    summary: 'Mark a list seen: later results show the new ways in since',
    description:
      'Keeps, for you only, which targets are covered now and by whom. Later results mark each target covered since, or with a new connector, `isNew`, and count them in `newWaysIn` (also in the lists index); reading results never changes it.',
    access: 'targets:read',
    responses: { 204: { description: 'Marked seen' } },
    errors: [400, 404],
  }));
}
