import { SetMetadata } from '@nestjs/common';
import type { AppConfig } from '../app-config';

export const IS_PUBLIC = 'camunda:isPublic';

/** Decides from the configuration whether a route is public. */
export type PublicWhen = (config: AppConfig) => boolean;

/**
 * Routes that need no basic auth: the engine list, as in Camunda, and the health probes; with `when`, only
 * as far as the configuration says (the metrics endpoint with `METRICS_PUBLIC`).
 */
export const Public = (when: true | PublicWhen = true) => SetMetadata(IS_PUBLIC, when);
