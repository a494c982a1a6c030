import { CompileScope, UnsupportedLanguage } from './compile-scope';
import { DmnDecision, DmnDecisionTable, DmnLiteralExpression } from './dmn-elements';
import { DecisionLogic, DecisionModel } from './dmn-model';
import { compileDecisionTable } from './decision-table-compiler';

/** A decision with its logic compiled; the DRG fields (evaluation order, input data) are filled in later. */
export type CompiledDecision = Omit<DecisionModel, 'evaluationOrder' | 'inputData'> & { requiredInputIds: string[] };

export function compileDecision(decision: DmnDecision, scope: CompileScope): CompiledDecision {
  const key = decision.id as string;
  const variableName = decision.variable?.name || decision.name || key;
  const requirements = decision.informationRequirement ?? [];
  return {
    key,
    name: decision.name ?? null,
    versionTag: decision.versionTag ?? decision.$attrs?.['camunda:versionTag'] ?? null,
    historyTimeToLive: historyTimeToLive(decision, scope),
    requiredDecisionKeys: requirements
      .map((r) => hrefId(r.requiredDecision?.href))
      .filter((id): id is string => id !== null),
    requiredInputIds: requirements.map((r) => hrefId(r.requiredInput?.href)).filter((id): id is string => id !== null),
    variableName,
    resultType: scope.type(decision.variable?.typeRef ?? literalTypeRef(decision)),
    logic: compileLogic(decision, key, variableName, scope.within(decisionLanguage(decision))),
  };
}

/** DMN has no expressionLanguage on a decision or table; Camunda 7 models still write one, kept by moddle as a plain attribute. */
function decisionLanguage(decision: DmnDecision): string | undefined {
  const fromTable = decision.decisionLogic?.$attrs?.expressionLanguage;
  const own = decision.$attrs?.expressionLanguage;
  return (typeof fromTable === 'string' ? fromTable : undefined) ?? (typeof own === 'string' ? own : undefined);
}

function compileLogic(decision: DmnDecision, key: string, variableName: string, scope: CompileScope): DecisionLogic {
  const logic = decision.decisionLogic;
  try {
    switch (logic?.$type) {
      case 'dmn:DecisionTable':
        return compileDecisionTable(logic as DmnDecisionTable, { key, variableName }, scope);
      case 'dmn:LiteralExpression': {
        const literal = logic as DmnLiteralExpression;
        return {
          kind: 'literalExpression',
          expression: scope.expression(literal.text, literal.expressionLanguage, {
            what: `the literal expression of decision '${key}'`,
            elementIds: [literal.id, key],
          }),
          type: scope.type(decision.variable?.typeRef ?? literal.typeRef),
        };
      }
      default:
        if (!logic) return { kind: 'unsupported', reason: 'it has no decision logic the engine supports' };
        return {
          kind: 'unsupported',
          reason: `its decision logic '${logic.$type.replace(/^dmn:/, '')}' is not supported (only decision tables and literal expressions)`,
        };
    }
  } catch (err) {
    if (err instanceof UnsupportedLanguage) return { kind: 'unsupported', reason: err.message };
    throw err;
  }
}

function literalTypeRef(decision: DmnDecision): string | undefined {
  const logic = decision.decisionLogic as DmnLiteralExpression | undefined;
  return logic?.$type === 'dmn:LiteralExpression' ? logic.typeRef : undefined;
}

/** `#id` or `namespace#id` */
function hrefId(href: string | undefined): string | null {
  if (!href) return null;
  const at = href.lastIndexOf('#');
  return at >= 0 ? href.slice(at + 1) : href;
}

// Camunda accepts a number of days, as "30" or "P30D".
function historyTimeToLive(decision: DmnDecision, scope: CompileScope): number | null {
  const raw = decision.historyTimeToLive ?? decision.$attrs?.['camunda:historyTimeToLive'];
  if (raw === undefined || raw.trim() === '') return null;
  const days = /^\s*(?:P(\d+)D|(\d+))\s*$/i.exec(raw);
  if (!days) {
    scope.problems.error(
      `Cannot parse historyTimeToLive '${raw}' of decision '${decision.id}': expected a number of days ("30" or "P30D")`,
      [decision.id],
    );
    return null;
  }
  return Number(days[1] ?? days[2]);
}
