import { Injectable } from '@nestjs/common';
import { EventSubscriptionDto, toEventSubscriptionDto } from '../../common/dto/event-subscription.dto';
import { IncidentDto, toIncidentDto } from '../../common/dto/incident.dto';
import { notFound, RestError } from '../../common/errors/rest-error';
import { withErrorPrefix } from '../../common/errors/wrap-engine-error';
import { instanceReadGrants, restrictToAnyGrant } from '../../common/query/authorized-rows';
import { VariableScopeAccess } from '../../common/variables/variable-scope-resource';
import { TriggerDto } from '../../common/variables/patch-variables.dto';
import { prefixedVariablesFromWire } from '../../common/variables/prefixed-variables';
import { Authentication } from '../../engine/command/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { ExecutionEntity } from '../../persistence/entities/runtime/execution.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { ExecutionDto, CreateIncidentDto } from './execution.dto';
import { EXECUTION_LIST } from './execution.query';

@Injectable()
export class ExecutionService {
  readonly rows: ResourceQuery<ExecutionEntity, ExecutionDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, EXECUTION_LIST);
  }

  async get(auth: Authentication | null, id: string): Promise<ExecutionDto> {
    const found = await this.rows.one(auth, id);
    if (!found) throw notFound(`Execution with id ${id} does not exist`);
    return found;
  }

  localVariables(auth: Authentication | null, id: string): VariableScopeAccess {
    const runtime = this.engine.runtime;
    return {
      typeName: 'execution',
      resourceId: id,
      getAll: () => runtime.getVariables(auth, id, { local: true }),
      get: (name) => runtime.getVariable(auth, id, name, { local: true }),
      modify: (modifications, deletions, operation) =>
        runtime.modifyVariables(auth, id, { modifications, deletions, operation }, { local: true }),
    };
  }

  async messageSubscription(
    auth: Authentication | null,
    id: string,
    messageName: string,
  ): Promise<EventSubscriptionDto> {
    const found = await this.findMessageSubscription(auth, id, messageName);
    if (!found) throw notFound(`Message event subscription for execution ${id} named ${messageName} does not exist`);
    return toEventSubscriptionDto(found);
  }

  private findMessageSubscription(
    auth: Authentication | null,
    id: string,
    messageName: string,
  ): Promise<EventSubscriptionEntity | null> {
    return this.engine.tx.read(async (em) => {
      const qb = em
        .getRepository(EventSubscriptionEntity)
        .createQueryBuilder('s')
        .where('s.executionId = :id', { id })
        .andWhere('s.eventName = :messageName', { messageName })
        .andWhere("s.eventType = 'message'");
      const definitionKey = '(SELECT x.proc_def_key FROM act_ru_execution x WHERE x.id = s.processInstanceId)';
      await restrictToAnyGrant(
        this.engine.authorizationChecker,
        em,
        qb,
        auth,
        instanceReadGrants('s.processInstanceId', definitionKey),
      );
      return qb.getOne();
    });
  }

  /** The message is delivered to the subscribed execution, which then continues (a receive task leaves). */
  async triggerMessage(auth: Authentication | null, id: string, messageName: string, dto: TriggerDto): Promise<void> {
    const prefix = `Cannot trigger message ${messageName} for execution ${id}`;
    const variables = prefixedVariablesFromWire(dto.variables, { prefix });
    const subscription = await this.findMessageSubscription(auth, id, messageName);
    if (!subscription) {
      throw new RestError(
        400,
        `${prefix}: Execution with id '${id}' does not have a subscription to a message event with name '${messageName}': eventSubscriptions is empty`,
        'RestException',
      );
    }
    await withErrorPrefix(prefix, () => this.engine.events.messageEventReceived(auth, id, messageName, variables));
  }

  async signal(auth: Authentication | null, id: string, dto: TriggerDto): Promise<void> {
    const prefix = `Cannot signal execution ${id}`;
    const variables = prefixedVariablesFromWire(dto.variables, { prefix });
    await withErrorPrefix(prefix, () => this.engine.runtime.signalExecution(auth, id, variables));
  }

  async createIncident(auth: Authentication | null, id: string, dto: CreateIncidentDto): Promise<IncidentDto> {
    const incident = {
      incidentType: dto.incidentType ?? null,
      configuration: dto.configuration ?? null,
      message: dto.message ?? null,
    };
    return toIncidentDto(await this.engine.runtime.createIncident(auth, id, incident));
  }
}
