import { ConnectionEntity } from './connection.entity.js';
import { NetworkVersionEntity } from './network-version.entity.js';

export { ConnectionEntity, NetworkVersionEntity };
export const networkEntities = [ConnectionEntity, NetworkVersionEntity];
