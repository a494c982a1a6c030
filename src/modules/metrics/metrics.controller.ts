import { Controller, Get, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Registry } from 'prom-client';
import { Auth } from '../../common/auth/auth.decorator';
import { Public } from '../../common/auth/public.decorator';
import { Authentication } from '../../engine/command/authentication';
import { MetricsService } from './metrics.service';

/** Scrapers are configured with fixed paths, so this lives at the root, outside the `engine-rest` prefix (like the health probes). */
export const METRICS_PATH = 'metrics';

@ApiTags('Metrics')
@ApiBasicAuth()
@Public((config) => config.metricsPublic)
@Controller(METRICS_PATH)
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({ description: 'Every metric in the Prometheus text format', schema: { type: 'string' } })
  async scrape(@Auth() auth: Authentication | null, @Res() res: Response): Promise<void> {
    const body = await this.metrics.scrape(auth);
    // Written as it is: express's send would reorder the parameters of the registry's content type.
    res.status(200).setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}
