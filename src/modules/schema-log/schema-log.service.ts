import { Injectable } from '@nestjs/common';
import { applyOrderAndPaging, applyFilters } from '../../common/query/apply-query';
import { checkMaxResults } from '../../common/query/max-results';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { formatDate } from '../../engine/util/camunda-date';
import { SchemaLogEntryDto } from './schema-log.dto';
import { SCHEMA_LOG_QUERY } from './schema-log.query';

interface MigrationRow {
  id: number | string;
  timestamp: number | string;
  name: string;
}

/**
 * Camunda's schema log, read from TypeORM's table of applied migrations: `version` is the migration's name and
 * `timestamp` the time in it (TypeORM records no time of application). Reading it needs READ on SYSTEM, as
 * Camunda's schema log query does for anybody but camunda-admin.
 */
@Injectable()
export class SchemaLogRestService {
  constructor(private readonly engine: ProcessEngine) {}

  async list(auth: Authentication | null, q: ParsedQuery): Promise<SchemaLogEntryDto[]> {
    checkMaxResults(q, this.engine.options.queryMaxResultsLimit);
    await this.engine.jobs.checkSystemRead(auth);
    const rows = await this.engine.tx.read((em) => {
      const table = em.connection.options.migrationsTableName ?? 'migrations';
      const qb = em
        .createQueryBuilder()
        .select(['m.id AS id', 'm.timestamp AS timestamp', 'm.name AS name'])
        .from(table, 'm');
      return applyOrderAndPaging(applyFilters(qb, SCHEMA_LOG_QUERY, q), SCHEMA_LOG_QUERY, q).getRawMany<MigrationRow>();
    });
    return rows.map((r) => ({
      id: String(r.id),
      timestamp: formatDate(new Date(Number(r.timestamp))),
      version: r.name,
    }));
  }
}
