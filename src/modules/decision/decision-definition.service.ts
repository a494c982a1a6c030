import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import {
  DecisionDefinitionDto,
  DmnXmlDto,
  HistoryTimeToLiveDto,
  toDecisionDefinitionDto,
} from '../../common/dto/decision-definition.dto';
import { DefinitionLookup, DefinitionRef } from '../../common/repository/definition-lookup';
import { variablesFromWire, variablesToWire, VariablesBodyDto } from '../../common/variables/variable-value.dto';
import { withErrorPrefix, wrapEngineError } from '../../common/errors/wrap-engine-error';
import { Authentication } from '../../engine/command/authentication';
import { AuthorizationError } from '../../engine/errors';
import { VariableMap } from '../../engine/variables/typed-value';
import { ProcessEngine } from '../../engine/process-engine';
import { DecisionDefinitionEntity } from '../../persistence/entities/repository/decision-definition.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { DECISION_DEFINITION_LIST } from './decision-definition.query';

const notDeployed = (id: string) => `no deployed decision definition found with id '${id}': decisionDefinition is null`;

@Injectable()
export class DecisionDefinitionService {
  readonly lookup: DefinitionLookup<DecisionDefinitionEntity>;
  readonly rows: ResourceQuery<DecisionDefinitionEntity, DecisionDefinitionDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.lookup = new DefinitionLookup(engine, 'decision', 'decision definition');
    this.rows = new ResourceQuery(engine, DECISION_DEFINITION_LIST);
  }

  find(auth: Authentication | null, ref: DefinitionRef, status = 404): Promise<DecisionDefinitionEntity> {
    if (ref.id !== undefined) {
      return this.lookup.byId(auth, ref.id, status, notDeployed(ref.id));
    }
    return this.lookup.byKey(auth, ref.key!, ref.tenantId ?? null);
  }

  async get(auth: Authentication | null, ref: DefinitionRef): Promise<DecisionDefinitionDto> {
    return toDecisionDefinitionDto(await this.find(auth, ref));
  }

  async xml(auth: Authentication | null, ref: DefinitionRef): Promise<DmnXmlDto> {
    const definition = await this.find(auth, ref);
    return { id: definition.id, dmnXml: await this.lookup.xml(definition) };
  }

  async diagram(auth: Authentication | null, ref: DefinitionRef, res: Response): Promise<void> {
    // Camunda does not catch an unknown id on the diagram path: it surfaces as 400.
    await this.lookup.sendDiagram(await this.find(auth, ref, ref.id !== undefined ? 400 : 404), res);
  }

  async updateHistoryTimeToLive(
    auth: Authentication | null,
    ref: DefinitionRef,
    dto: HistoryTimeToLiveDto,
  ): Promise<void> {
    const ttl = dto.historyTimeToLive ?? null;
    const definition = await this.find(auth, ref);
    await this.engine.repository.updateDecisionHistoryTimeToLive(
      auth,
      definition,
      ttl,
      this.engine.options.enforceHistoryTimeToLive,
    );
  }

  /**
   * By key, the engine looks up the latest version inside the evaluation's own unit of work: no separate read
   * before it (on SQLite a read also ends the open group commit). Failures name the definition's id, so they look
   * it up then; an unknown key is the usual 404 of the key lookup, which comes before a variable's failure.
   */
  async evaluate(auth: Authentication | null, ref: DefinitionRef, dto: VariablesBodyDto) {
    if (ref.id !== undefined) {
      const definition = await this.lookup.byId(
        auth,
        ref.id,
        404,
        `Cannot evaluate decision ${ref.id}: ${notDeployed(ref.id)}`,
      );
      return this.evaluateDefinition(auth, definition, variablesFromWire(dto.variables));
    }
    let variables: VariableMap;
    try {
      variables = variablesFromWire(dto.variables);
    } catch (err) {
      await this.find(auth, ref);
      throw err;
    }
    let evaluated: Awaited<ReturnType<ProcessEngine['decisions']['evaluateLatest']>>;
    try {
      evaluated = await this.engine.decisions.evaluateLatest(auth, ref.key!, ref.tenantId ?? null, variables);
    } catch (err) {
      throw err instanceof AuthorizationError
        ? err
        : wrapEngineError(err, `Cannot evaluate decision ${(await this.find(auth, ref)).id}`);
    }
    // None deployed: the key lookup answers its 404 (or finds one deployed a moment ago, and evaluates that).
    if (!evaluated) return this.evaluateDefinition(auth, await this.find(auth, ref), variables);
    return evaluated.result.rows.map((row) => variablesToWire(row));
  }

  private async evaluateDefinition(
    auth: Authentication | null,
    definition: DecisionDefinitionEntity,
    variables: VariableMap,
  ) {
    const result = await withErrorPrefix(`Cannot evaluate decision ${definition.id}`, () =>
      this.engine.decisions.evaluate(auth, definition, variables),
    );
    return result.rows.map((row) => variablesToWire(row));
  }
}
