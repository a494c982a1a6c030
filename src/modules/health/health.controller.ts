import { Controller, Get, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../../common/auth/public.decorator';
import { HealthCheckFailedFilter } from './health-check-failed.filter';
import { HealthService } from './health.service';

/** Orchestrators probe fixed paths, so these live at the root, outside the `engine-rest` prefix. */
export const HEALTH_PATHS = ['health/live', 'health/ready'];

@ApiTags('Health')
@Public()
@UseFilters(HealthCheckFailedFilter)
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly parts: HealthService,
  ) {}

  /** The process answers: nothing else is looked at, so a slow database never gets the process restarted. */
  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    return this.health.check(this.parts.readiness());
  }
}
