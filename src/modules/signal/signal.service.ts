import { Injectable } from '@nestjs/common';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { SignalDto } from './signal.dto';

/** POST /signal as Camunda's SignalRestServiceImpl: engine failures keep their own status. */
@Injectable()
export class SignalService {
  constructor(private readonly engine: ProcessEngine) {}

  async throwSignal(auth: Authentication | null, dto: SignalDto): Promise<void> {
    const variables = variablesFromWire(dto.variables);
    // As in Camunda's builder, withoutTenantId wins over a tenant id given with it.
    const withoutTenantId = dto.withoutTenantId === true;
    await this.engine.events.signal(auth, {
      name: dto.name,
      variables,
      executionId: dto.executionId ?? null,
      tenantId: withoutTenantId ? null : (dto.tenantId ?? null),
      withoutTenantId,
    });
  }
}
