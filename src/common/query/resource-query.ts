import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { countQuery, listQuery } from './apply-query';
import { restrictToAnyGrant } from './authorized-rows';
import { checkMaxResults } from './max-results';
import { ParsedQuery } from './parse-query';
import { PageContext, QueryResource } from './query-resource';

/** What the list routes of a controller call (see `ListRoutes`). */
export interface ListSource<D> {
  list(auth: Authentication | null, q: ParsedQuery): Promise<D[]>;
  count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }>;
}

/**
 * The reads of one list resource, each in one read transaction over the rows the caller may
 * see: a page, a count, one row by id, or anything else on the restricted query builder.
 */
export class ResourceQuery<E extends object, D> implements ListSource<D> {
  constructor(
    private readonly engine: ProcessEngine,
    readonly resource: QueryResource<E, D>,
  ) {}

  /** The restricted query builder, for reads the resource does not name (e.g. distinct values). */
  read<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<E>, em: EntityManager) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const r = this.resource;
      const plain = em.getRepository(r.entity).createQueryBuilder(r.alias);
      const qb = r.scope ? r.scope(plain) : plain;
      await this.restrict(em, qb, auth);
      return run(qb, em);
    });
  }

  /** A page; `unlimited` for reads that are not the caller's paging (a single result's look for a second row). */
  async list(auth: Authentication | null, q: ParsedQuery, options: { unlimited?: boolean } = {}): Promise<D[]> {
    if (!options.unlimited) checkMaxResults(q, this.engine.options.queryMaxResultsLimit);
    const prepared = this.prepare(auth, q);
    return this.read(auth, async (qb, em) =>
      this.toDtos(await listQuery(qb, this.resource.spec, prepared), { em, filters: prepared.filters }),
    );
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    const prepared = this.prepare(auth, q);
    return { count: await this.read(auth, (qb) => countQuery(qb, this.resource.spec, prepared)) };
  }

  private prepare(auth: Authentication | null, q: ParsedQuery): ParsedQuery {
    return this.resource.prepare ? this.resource.prepare(q, { auth, now: this.engine.clock() }) : q;
  }

  /** The row with this id, if the caller may read it. */
  row(auth: Authentication | null, id: string): Promise<E | null> {
    return this.read(auth, (qb) => this.byId(qb, id).getOne());
  }

  /** The DTO of the row with this id, if the caller may read it; `filters` carry response flags. */
  one(auth: Authentication | null, id: string, filters: Record<string, unknown> = {}): Promise<D | null> {
    return this.read(
      auth,
      async (qb, em) => (await this.toDtos(await this.byId(qb, id).getMany(), { em, filters }))[0] ?? null,
    );
  }

  private byId(qb: SelectQueryBuilder<E>, id: string): SelectQueryBuilder<E> {
    return qb.andWhere(`${this.resource.alias}.id = :id`, { id });
  }

  private async toDtos(rows: E[], page: PageContext): Promise<D[]> {
    const r = this.resource;
    return r.toDtos ? r.toDtos(rows, page) : rows.map((row) => r.toDto(row));
  }

  private async restrict(em: EntityManager, qb: SelectQueryBuilder<E>, auth: Authentication | null): Promise<void> {
    const tenants = this.resource.tenantColumn
      ? this.engine.tenantCheck.restriction(auth, this.resource.tenantColumn)
      : null;
    if (tenants) qb.andWhere(tenants.sql, tenants.params);
    const restriction = this.resource.restrict;
    const checker = this.engine.authorizationChecker;
    if (restriction === null) return;
    if (typeof restriction === 'function') return restriction(checker, em, qb, auth);
    if (Array.isArray(restriction)) return restrictToAnyGrant(checker, em, qb, auth, restriction);
    return checker.restrictQuery(em, qb, auth, restriction.permission, restriction.resource, restriction.column);
  }
}
