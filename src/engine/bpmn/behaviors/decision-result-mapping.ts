import { ProcessEngineError } from '../../errors';
import { plainValue, TypedValue, untypedValue } from '../../variables/typed-value';
import { DecisionResultMapping } from '../model';

type Row = Record<string, TypedValue>;

const MAPPER: Record<DecisionResultMapping, string> = {
  singleEntry: 'SingleEntryDecisionResultMapper',
  singleResult: 'SingleResultDecisionResultMapper',
  collectEntries: 'CollectEntriesDecisionResultMapper',
  resultList: 'ResultListDecisionResultMapper',
};

function plainRow(row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = plainValue(v);
  return out;
}

function render(rows: Row[]): string {
  return JSON.stringify(rows.map(plainRow));
}

function failure(mapping: DecisionResultMapping, rows: Row[], reason: string): ProcessEngineError {
  return new ProcessEngineError(
    `ENGINE-22001 The decision result mapper '${MAPPER[mapping]}' failed to process '${render(rows)}'. ${reason}`,
  );
}

function onlyEntry(mapping: DecisionResultMapping, rows: Row[], row: Row): TypedValue {
  const entries = Object.values(row);
  if (entries.length !== 1) throw failure(mapping, rows, 'The decision outputs should only contains a single entry.');
  return entries[0];
}

/**
 * camunda:mapDecisionResult: singleEntry keeps the one output's typed value; singleResult is a map
 * of the one row; collectEntries a list of the one output of every row; resultList all rows.
 */
export function mapDecisionResult(rows: Row[], mapping: DecisionResultMapping): TypedValue {
  switch (mapping) {
    case 'singleEntry':
      if (rows.length > 1) throw failure(mapping, rows, 'The decision result should only contain a single result.');
      return rows.length === 0 ? untypedValue(null) : onlyEntry(mapping, rows, rows[0]);
    case 'singleResult':
      if (rows.length > 1) throw failure(mapping, rows, 'The decision result should only contain a single result.');
      return untypedValue(rows.length === 0 ? null : plainRow(rows[0]));
    case 'collectEntries':
      return untypedValue(rows.map((row) => plainValue(onlyEntry(mapping, rows, row))));
    case 'resultList':
      return untypedValue(rows.map(plainRow));
  }
}
