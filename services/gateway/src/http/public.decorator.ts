import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Every route is guarded unless marked public here (STYLE.md: guarded or explicitly public). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
