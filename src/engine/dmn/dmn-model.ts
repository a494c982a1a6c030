import type { ParseProblem } from '../errors';
import type { DmnVersion } from './dmn-namespaces';
import type { CompiledFeelExpression, CompiledUnaryTests } from './feel-expression';
import type { DmnDialect, TypeDefinition } from './type-ref';

/** A parsed and compiled DMN resource: immutable apart from the per-cell caches inside the FEEL objects. */
export interface DmnModel {
  drd: { key: string; name: string | null; namespace: string | null };
  decisions: DecisionModel[];
  decisionsByKey: ReadonlyMap<string, DecisionModel>;
  dmnVersion: DmnVersion | null;
  dialect: DmnDialect;
  /** Problems that did not stop the parse (unknown elements and the like). */
  warnings: ParseProblem[];
}

export interface DecisionModel {
  key: string;
  name: string | null;
  versionTag: string | null;
  historyTimeToLive: number | null;
  requiredDecisionKeys: string[];
  /** The name the decision's result goes by in the decisions that require it. */
  variableName: string;
  resultType: TypeDefinition;
  logic: DecisionLogic;
  /** Keys of this decision's transitive requirements, each once, requirements first, this decision last. */
  evaluationOrder: string[];
  /** Input data this decision and its requirements name, whose typeRefs convert the incoming variables. */
  inputData: InputDataModel[];
}

export interface InputDataModel {
  id: string | null;
  name: string;
  type: TypeDefinition;
}

export type DecisionLogic = DecisionTableLogic | LiteralExpressionLogic | UnsupportedLogic;

export interface LiteralExpressionLogic {
  kind: 'literalExpression';
  expression: CompiledFeelExpression | null;
  type: TypeDefinition;
}

/** Logic the engine cannot evaluate (contexts, relations, invocations...): the decision fails when evaluated. */
export interface UnsupportedLogic {
  kind: 'unsupported';
  reason: string;
}

export type HitPolicy = 'UNIQUE' | 'FIRST' | 'PRIORITY' | 'ANY' | 'COLLECT' | 'RULE ORDER' | 'OUTPUT ORDER';
export type Aggregation = 'SUM' | 'MIN' | 'MAX' | 'COUNT';

export interface DecisionTableLogic {
  kind: 'decisionTable';
  id: string | null;
  hitPolicy: HitPolicy;
  aggregation: Aggregation | null;
  inputs: InputClauseModel[];
  outputs: OutputClauseModel[];
  rules: RuleModel[];
  /** True when some output has a default output entry: then a table without matches yields the defaults. */
  hasDefaults: boolean;
}

export interface InputClauseModel {
  id: string | null;
  label: string | null;
  expression: CompiledFeelExpression | null;
  type: TypeDefinition;
  /** The clause's input values (allowed values). */
  allowedValues: CompiledUnaryTests | null;
  /** camunda:inputVariable: the name under which input entries also see the input value. */
  inputVariable: string;
}

export interface OutputClauseModel {
  id: string | null;
  label: string | null;
  /** The key of this output in result rows. */
  name: string;
  type: TypeDefinition;
  allowedValues: CompiledUnaryTests | null;
  /** The output values as a list, highest priority first (PRIORITY and OUTPUT ORDER), or null. */
  priorities: unknown[] | null;
  defaultValue: CompiledFeelExpression | null;
}

export interface RuleModel {
  id: string | null;
  /** 1-based position in the table, as Camunda's rule order. */
  order: number;
  inputEntries: CompiledUnaryTests[];
  /** null for an empty output entry: that output is left out of the rule's result. */
  outputEntries: Array<CompiledFeelExpression | null>;
}
