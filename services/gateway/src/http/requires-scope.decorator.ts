import { SetMetadata } from '@nestjs/common';
import type { TokenScope } from '@warmpath/contracts';

export const REQUIRED_SCOPE = 'requiredScope';

/**
 * Lets personal access tokens holding `scope` call this route (sessions always may). A route
 * without it refuses every token 403: new routes are closed to tokens until they name a scope.
 * Keep it equal to the route's `access` in libs/contracts API_ROUTES (the route test checks).
 */
export const RequiresScope = (scope: TokenScope) => SetMetadata(REQUIRED_SCOPE, scope);
