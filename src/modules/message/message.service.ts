import { Injectable } from '@nestjs/common';
import { RestError } from '../../common/errors/rest-error';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { CorrelationMessageDto, MessageCorrelationResultDto, toMessageCorrelationResultDto } from './message.dto';

/** POST /message as Camunda's MessageRestServiceImpl answers it. */
@Injectable()
export class MessageService {
  constructor(private readonly engine: ProcessEngine) {}

  /** The results, or null when the caller did not ask for them (204). */
  async deliver(
    auth: Authentication | null,
    dto: CorrelationMessageDto,
  ): Promise<MessageCorrelationResultDto[] | null> {
    const tenantId = dto.tenantId ?? null;
    const withoutTenantId = dto.withoutTenantId === true;
    if (tenantId != null && withoutTenantId)
      throw new RestError(400, "Parameter 'tenantId' cannot be used together with parameter 'withoutTenantId'.");
    // MessageRestServiceImpl answers every unreadable variable with an InvalidRequestException.
    const read = (field: keyof CorrelationMessageDto) =>
      prefixedVariablesFromWire(dto[field], {
        prefix: 'Cannot deliver message',
        field,
        type: 'InvalidRequestException',
      });
    const variables = {
      correlationKeys: read('correlationKeys'),
      localCorrelationKeys: read('localCorrelationKeys'),
      processVariables: read('processVariables'),
      processVariablesLocal: read('processVariablesLocal'),
    };
    const withVariables = dto.variablesInResultEnabled === true;
    const results = await this.engine.events.correlateMessage(auth, {
      messageName: dto.messageName,
      businessKey: dto.businessKey ?? null,
      processInstanceId: dto.processInstanceId ?? null,
      tenantId,
      withoutTenantId,
      all: dto.all === true,
      variablesInResult: withVariables,
      ...variables,
    });
    if (dto.resultEnabled !== true) return null;
    return results.map((r) => toMessageCorrelationResultDto(r, withVariables));
  }
}
