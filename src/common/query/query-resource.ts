import { Type } from '@nestjs/common';
import { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Authentication } from '../../engine/command/authentication';
import { AuthorizationChecker } from '../../engine/authorization/authorization-checker';
import { ReadGrant } from './authorized-rows';
import { ParsedQuery } from './parse-query';
import { QuerySpec } from './query-spec';

/** A restriction of its own, for lists whose readable rows no grant list describes. */
export type CustomRestriction = (
  checker: AuthorizationChecker,
  em: EntityManager,
  qb: SelectQueryBuilder<ObjectLiteral>,
  auth: Authentication | null,
) => Promise<void>;

/**
 * Which rows the caller may see: one grant (`restrictQuery`), any one of several grants
 * (`restrictToAnyGrant`), a function of its own, or `null` where every row is readable.
 */
export type RowRestriction = ReadGrant | ReadGrant[] | CustomRestriction | null;

/** What a query may depend on besides its parameters. */
export interface QueryRequest {
  auth: Authentication | null;
  now: Date;
}

/** What a page mapper may use besides the rows: the same read, and the parsed filters (response flags). */
export interface PageContext {
  em: EntityManager;
  filters: Record<string, unknown>;
}

interface RowMapping<E, D> {
  /** One row to its DTO; called with the row alone. */
  toDto: (row: E) => D;
  toDtos?: never;
}

interface PageMapping<E, D> {
  toDto?: never;
  /** A whole page at once, where rows need lookups of their own (one query per page, not per row). */
  toDtos: (rows: E[], page: PageContext) => Promise<D[]> | D[];
}

/**
 * One list resource: the rows (entity, alias and the joins every query shares), who may read
 * them, the filters and sorting of its list, and how a row goes out on the wire.
 *
 * A new list (a history, batch or filter family, say) is declared, not written:
 *
 * ```ts
 * export const BATCH_LIST: QueryResource<BatchEntity, BatchDto> = {
 *   entity: BatchEntity,
 *   alias: 'b',
 *   restrict: { permission: 'READ', resource: Resources.BATCH, column: 'b.id' },
 *   spec: BATCH_QUERY, // filters and sortBy over `b.`
 *   dto: BatchDto,
 *   toDto: toBatchDto,
 * };
 * // service:    this.rows = new ResourceQuery(engine, BATCH_LIST); one batch: this.rows.one(auth, id)
 * // controller: @ListRoutes(BATCH_LIST, (c: BatchController) => c.batches.rows)
 * ```
 *
 * A page whose rows need further lookups maps with `toDtos` (see the historic decision instances);
 * a family without POST list or count says so with `{ routes: ['list', 'count'] }` on `ListRoutes`.
 */
export type QueryResource<E extends object, D> = {
  entity: EntityTarget<E>;
  alias: string;
  /** Joins and conditions every query of the resource shares (list, count and get-one alike). */
  scope?: (qb: SelectQueryBuilder<E>) => SelectQueryBuilder<E>;
  restrict: RowRestriction;
  /**
   * The SQL expression of a row's tenant, for the tenant check (a caller outside `camunda-admin` sees the rows of
   * their tenants and those without one); absent where rows have no tenant.
   */
  tenantColumn?: string;
  spec: QuerySpec;
  /**
   * Turns a parsed query into the one to run, with what only the request knows (the caller for
   * `${currentUser()}`, the clock for `${now()}`); may refuse it with a RestError.
   */
  prepare?: (q: ParsedQuery, request: QueryRequest) => ParsedQuery;
  /** The wire form of a row, documented as the list's response. */
  dto: Type<D>;
} & (RowMapping<E, D> | PageMapping<E, D>);
