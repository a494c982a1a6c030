/**
 * The subset of the dmn-moddle tree (DMN 1.3 meta-model, plus camunda-dmn-moddle attributes) that the
 * decision compiler reads. Optional everywhere: moddle leaves absent attributes and empty lists undefined.
 */
export interface ModdleElement {
  $type: string;
  id?: string;
  $attrs?: Record<string, string>;
}

export interface TextElement extends ModdleElement {
  text?: string;
  expressionLanguage?: string;
  typeRef?: string;
}

export interface DmnDefinitions extends ModdleElement {
  name?: string;
  namespace?: string;
  exporter?: string;
  expressionLanguage?: string;
  drgElement?: ModdleElement[];
  itemDefinition?: DmnItemDefinition[];
}

export interface DmnItemDefinition extends ModdleElement {
  name?: string;
  typeRef?: string;
  isCollection?: boolean;
  itemComponent?: DmnItemDefinition[];
  allowedValues?: TextElement;
}

export interface DmnVariable extends ModdleElement {
  name?: string;
  typeRef?: string;
}

export interface DmnInputData extends ModdleElement {
  name?: string;
  variable?: DmnVariable;
}

export interface DmnInformationRequirement extends ModdleElement {
  requiredDecision?: { href?: string };
  requiredInput?: { href?: string };
}

export interface DmnDecision extends ModdleElement {
  name?: string;
  variable?: DmnVariable;
  versionTag?: string;
  historyTimeToLive?: string;
  informationRequirement?: DmnInformationRequirement[];
  decisionLogic?: ModdleElement;
}

export interface DmnLiteralExpression extends TextElement {
  $type: 'dmn:LiteralExpression';
}

export interface DmnInputClause extends ModdleElement {
  label?: string;
  inputExpression?: TextElement;
  inputValues?: TextElement;
  inputVariable?: string;
}

export interface DmnOutputClause extends ModdleElement {
  name?: string;
  label?: string;
  typeRef?: string;
  outputValues?: TextElement;
  defaultOutputEntry?: TextElement;
}

export interface DmnRule extends ModdleElement {
  inputEntry?: TextElement[];
  outputEntry?: TextElement[];
}

export interface DmnDecisionTable extends ModdleElement {
  $type: 'dmn:DecisionTable';
  hitPolicy?: string;
  aggregation?: string;
  outputLabel?: string;
  typeRef?: string;
  input?: DmnInputClause[];
  output?: DmnOutputClause[];
  rule?: DmnRule[];
}
