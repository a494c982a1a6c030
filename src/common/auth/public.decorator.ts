import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'camunda:isPublic';

/** Routes that need no basic auth: the engine list, as in Camunda, and the health probes. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
