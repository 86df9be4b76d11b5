import { CreateNetwork1763800000001 } from './1763800000001-create-network.js';
import { CreateImportStaging1763900000000 } from './1763900000000-create-import-staging.js';
import { CompanyLinksWithoutRowFks1763900000002 } from './1763900000002-company-links-without-row-fks.js';
import { DeriveCompanyLinks1763900000003 } from './1763900000003-derive-company-links.js';
import { ImportChanges1764000000004 } from './1764000000004-import-changes.js';
import { AbsentRemovals1764100000005 } from './1764100000005-absent-removals.js';
import { ConnectionSignals1764200000011 } from './1764200000011-connection-signals.js';
import { IntroFeedback1764400000012 } from './1764400000012-intro-feedback.js';
import { StrengthChanges1764500000013 } from './1764500000013-strength-changes.js';
import { TargetLists1764600000014 } from './1764600000014-target-lists.js';
import { TargetListSeen1764700000015 } from './1764700000015-target-list-seen.js';

// Migrations of the network schema, in order. Never edit one that has shipped: add a new one.
export const migrations = [
  CreateNetwork1763800000001,
  CreateImportStaging1763900000000,
  CompanyLinksWithoutRowFks1763900000002,
  DeriveCompanyLinks1763900000003,
  ImportChanges1764000000004,
  AbsentRemovals1764100000005,
  ConnectionSignals1764200000011,
  IntroFeedback1764400000012,
  StrengthChanges1764500000013,
  TargetLists1764600000014,
  TargetListSeen1764700000015,
];
