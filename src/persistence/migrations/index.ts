import { Identity1763700000000 } from './1763700000000-identity';

/** Every migration in order; TypeORM runs the ones a database has not seen yet at start-up. */
export const MIGRATIONS = [Identity1763700000000];
