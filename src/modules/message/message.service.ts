import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { objectOrNull, stringOrNull } from '../../common/http/json-body';
import { variablesFromWire } from '../../common/variables/variable-value.dto';
import { Authentication } from '../../engine/authorization/authentication';
import { MismatchingMessageCorrelationError } from '../../engine/errors';
import { ProcessEngine } from '../../engine/process-engine';
import { MessageCorrelationResultDto, toMessageCorrelationResultDto } from './message.dto';

/** POST /message as Camunda's MessageRestServiceImpl answers it. */
@Injectable()
export class MessageService {
  constructor(private readonly engine: ProcessEngine) {}

  /** The results, or null when the caller did not ask for them (204). */
  async deliver(auth: Authentication | null, body: unknown): Promise<MessageCorrelationResultDto[] | null> {
    const dto = objectOrNull(body) ?? {};
    const messageName = stringOrNull(dto, 'messageName');
    if (messageName == null) throw new RestError(400, 'No message name supplied');
    const tenantId = stringOrNull(dto, 'tenantId');
    const withoutTenantId = dto.withoutTenantId === true;
    if (tenantId != null && withoutTenantId) throw new RestError(400, "Parameter 'tenantId' cannot be used together with parameter 'withoutTenantId'.");
    let variables;
    try {
      variables = {
        correlationKeys: variablesFromWire(dto.correlationKeys, 'correlationKeys'),
        localCorrelationKeys: variablesFromWire(dto.localCorrelationKeys, 'localCorrelationKeys'),
        processVariables: variablesFromWire(dto.processVariables, 'processVariables'),
        processVariablesLocal: variablesFromWire(dto.processVariablesLocal, 'processVariablesLocal'),
      };
    } catch (err) {
      throw new RestError(400, `Cannot deliver message: ${(err as Error).message}`);
    }
    const withVariables = dto.variablesInResultEnabled === true;
    try {
      const results = await this.engine.events.correlateMessage(auth, {
        messageName, businessKey: stringOrNull(dto, 'businessKey'), processInstanceId: stringOrNull(dto, 'processInstanceId'),
        tenantId, withoutTenantId, all: dto.all === true, variablesInResult: withVariables, ...variables,
      });
      if (dto.resultEnabled !== true) return null;
      return results.map((r) => toMessageCorrelationResultDto(r, withVariables));
    } catch (err) {
      if (err instanceof MismatchingMessageCorrelationError) throw new RestError(400, err.message, 'RestException');
      throw err;
    }
  }
}
