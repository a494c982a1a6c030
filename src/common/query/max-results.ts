import { BadUserRequestError } from '../../engine/errors';
import { Paging } from './parse-query';

/** Java's Integer.MAX_VALUE: what Camunda pages with when `maxResults` is absent. */
const UNBOUNDED = 2147483647;

/**
 * Camunda's queryMaxResultsLimit (QueryMaxResultsLimitUtil), checked before a list is read: with a
 * limit, a list must ask for at most that many rows, so a request without `maxResults` is refused
 * too. Camunda checks only for an authenticated user; here every REST list is checked, since the
 * engine's own reads never come this way and a server without authentication needs it the most.
 */
export function checkMaxResults(paging: Paging, limit: number | null): void {
  if (limit === null) return;
  const requested = paging.maxResults ?? UNBOUNDED;
  if (requested >= UNBOUNDED) throw new BadUserRequestError('An unbound number of results is forbidden!');
  if (requested > limit) throw new BadUserRequestError(`Max results limit of ${limit} exceeded!`);
}
