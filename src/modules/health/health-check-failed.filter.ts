import { ArgumentsHost, Catch, ExceptionFilter, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';

/**
 * Terminus reports a failed check as a 503 whose body names the failing parts; the global filter
 * would turn that into Camunda's error shape (and log it as a server error), so it stops here.
 */
@Catch(ServiceUnavailableException)
export class HealthCheckFailedFilter implements ExceptionFilter {
  catch(err: ServiceUnavailableException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(503).json(err.getResponse());
  }
}
