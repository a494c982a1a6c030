import { In } from 'typeorm';
import { PageContext } from '../../../common/query/query-resource';
import { HistoricDecisionInputEntity } from '../../../persistence/entities/history/historic-decision-input.entity';
import { HistoricDecisionInstanceEntity } from '../../../persistence/entities/history/historic-decision-instance.entity';
import { HistoricDecisionOutputEntity } from '../../../persistence/entities/history/historic-decision-output.entity';
import {
  HistoricDecisionInputDto,
  HistoricDecisionInstanceDto,
  HistoricDecisionOutputDto,
  toHistoricDecisionInstanceDto,
  toInputDto,
  toOutputDto,
  ValueRendering,
} from './historic-decision-instance.dto';

function groupBy<T extends { decisionInstanceId: string }, D>(rows: T[], map: (t: T) => D): Map<string, D[]> {
  const out = new Map<string, D[]>();
  for (const row of rows) {
    if (!out.has(row.decisionInstanceId)) out.set(row.decisionInstanceId, []);
    out.get(row.decisionInstanceId)!.push(map(row));
  }
  return out;
}

/** Evaluations with their inputs and outputs (as the flags ask) for a whole page in one query each. */
export async function withDecisionValues(
  rows: HistoricDecisionInstanceEntity[],
  { em, filters: flags }: PageContext,
): Promise<HistoricDecisionInstanceDto[]> {
  const ids = rows.map((r) => r.id);
  const rendering: ValueRendering = {
    disableBinaryFetching: flags.disableBinaryFetching === true,
    disableCustomObjectDeserialization: flags.disableCustomObjectDeserialization === true,
  };
  let inputs = new Map<string, HistoricDecisionInputDto[]>();
  let outputs = new Map<string, HistoricDecisionOutputDto[]>();
  if (flags.includeInputs === true && ids.length) {
    const found = await em
      .getRepository(HistoricDecisionInputEntity)
      .find({ where: { decisionInstanceId: In(ids) }, order: { id: 'ASC' } });
    inputs = groupBy(found, (e) => toInputDto(e, rendering));
  }
  if (flags.includeOutputs === true && ids.length) {
    const found = await em
      .getRepository(HistoricDecisionOutputEntity)
      .find({ where: { decisionInstanceId: In(ids) }, order: { id: 'ASC' } });
    outputs = groupBy(found, (e) => toOutputDto(e, rendering));
  }
  return rows.map((r) =>
    toHistoricDecisionInstanceDto(
      r,
      flags.includeInputs === true ? (inputs.get(r.id) ?? []) : null,
      flags.includeOutputs === true ? (outputs.get(r.id) ?? []) : null,
    ),
  );
}
