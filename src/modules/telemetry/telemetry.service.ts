import { Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Authentication } from '../../engine/command/authentication';
import { METER } from '../../engine/meters';
import { ProcessEngine } from '../../engine/process-engine';
import { formatDate } from '../../engine/util/camunda-date';
import { isSqlite } from '../../persistence/dialect';
import { PropertyEntity } from '../../persistence/entities/property.entity';
import { TelemetryDataDto } from './telemetry.dto';

/** Camunda's telemetry names of the metrics it reports there. */
const TELEMETRY_METRICS: Record<string, string> = {
  'process-instances': METER.ROOT_PROCESS_INSTANCE_START,
  'flow-node-instances': METER.ACTIVITY_INSTANCE_START,
  'decision-instances': METER.EXECUTED_DECISION_INSTANCES,
};

/** The nearest package.json above this file: the server's own (from src/ under ts-node and jest, or dist/). */
function packageInfo(): { name: string; version: string } {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      return { name: pkg.name ?? 'unknown', version: pkg.version ?? 'unknown' };
    }
  }
  return { name: 'unknown', version: 'unknown' };
}

function nestVersion(): string {
  try {
    const file = require.resolve('@nestjs/core/package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * Camunda's telemetry resource. Camunda 7.22 removed the sending of telemetry, and so does this server: nothing
 * leaves the process. The configuration endpoints stay for old clients (always disabled; a request to enable it
 * changes nothing); the data is what Camunda collects about the installation and its use, for the caller alone.
 */
@Injectable()
export class TelemetryRestService {
  private readonly product = packageInfo();

  constructor(private readonly engine: ProcessEngine) {}

  async data(auth: Authentication | null): Promise<TelemetryDataDto> {
    await this.engine.jobs.checkSystemRead(auth);
    const { installation, database } = await this.engine.tx.read(async (em) => {
      const property = await em.getRepository(PropertyEntity).findOneBy({ name: 'camunda.installation.id' });
      if (isSqlite(em)) {
        const [row] = (await em.query('SELECT sqlite_version() AS version')) as Array<{ version: string }>;
        return { installation: property?.value ?? null, database: { vendor: 'SQLite', version: row.version } };
      }
      const [row] = (await em.query('SELECT VERSION() AS version')) as Array<{ version: string }>;
      const vendor = /mariadb/i.test(row.version) ? 'MariaDB' : 'MySQL';
      return { installation: property?.value ?? null, database: { vendor, version: row.version } };
    });
    const count = (n: number) => ({ count: n });
    const commands = Object.fromEntries(
      [...this.engine.commands.commandCounts].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, count(v)]),
    );
    const metrics = Object.fromEntries(
      Object.entries(TELEMETRY_METRICS).map(([name, meter]) => [name, count(this.engine.meters.total(meter))]),
    );
    return {
      installation,
      product: {
        name: this.product.name,
        version: this.product.version,
        edition: 'community',
        internals: {
          database,
          'application-server': { vendor: 'NestJS', version: nestVersion() },
          'license-key': null,
          'camunda-integration': [],
          commands,
          metrics,
          webapps: [],
          jdk: { version: process.versions.node, vendor: 'Node.js' },
          'data-collection-start-date': formatDate(this.engine.meters.since),
        },
      },
    };
  }
}
