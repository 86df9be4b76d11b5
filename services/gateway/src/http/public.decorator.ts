import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/**
 * Every route is guarded unless marked public here (guarded or explicitly public: a route cannot be
 * left open by forgetting).
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
