import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { objectOrNull, stringOrNull } from '../../common/http/json-body';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';

/** POST /signal as Camunda's SignalRestServiceImpl: engine failures keep their own status. */
@Injectable()
export class SignalService {
  constructor(private readonly engine: ProcessEngine) {}

  async throwSignal(auth: Authentication | null, body: unknown): Promise<void> {
    const dto = objectOrNull(body) ?? {};
    const name = stringOrNull(dto, 'name');
    if (name == null) throw new RestError(400, 'No signal name given');
    const variables = variablesFromWire(dto.variables);
    // As in Camunda's builder, withoutTenantId wins over a tenant id given with it.
    const withoutTenantId = dto.withoutTenantId === true;
    await this.engine.events.signal(auth, {
      name, variables, executionId: stringOrNull(dto, 'executionId'), tenantId: withoutTenantId ? null : stringOrNull(dto, 'tenantId'), withoutTenantId,
    });
  }
}
