import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'camunda:isPublic';

/** Routes that need no basic auth (only the engine list, as in Camunda). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
