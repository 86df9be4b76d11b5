// The workspaces feature's public entry: what other features may import from it.
export { CopyField } from './copy-field';
export { InviteCollaboratorButton } from './invite-collaborator-button';
