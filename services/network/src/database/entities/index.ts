import { ConnectionEntity } from './connection.entity.js';
import { NetworkVersionEntity } from './network-version.entity.js';
import { RelationshipEntity } from './relationship.entity.js';

export { ConnectionEntity, NetworkVersionEntity, RelationshipEntity };
export const networkEntities = [ConnectionEntity, RelationshipEntity, NetworkVersionEntity];
