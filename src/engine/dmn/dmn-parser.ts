import camundaDmn from 'camunda-dmn-moddle/resources/camunda.json';
import { DmnModdle, ModdleParseResult } from 'dmn-moddle';
import { normalizeAttributeSpacing } from '../util/xml-attribute-spacing';
import { CompileScope } from './compile-scope';
import { compileDecision } from './decision-compiler';
import { linkDecisions } from './decision-graph';
import { DmnDecision, DmnDefinitions, DmnInputData, DmnItemDefinition, ModdleElement } from './dmn-elements';
import { DmnModel, InputDataModel } from './dmn-model';
import { DmnVersion, hasDoctype, normalizeDmnNamespaces, rootNamespace } from './dmn-namespaces';
import { compileUnaryTests, FeelSyntaxFailure } from './feel-expression';
import { moddlePosition, ParseProblems } from './parse-problems';
import { DmnDialect, ItemDefinitionType } from './type-ref';

export type { DecisionModel, DmnModel } from './dmn-model';

const CAMUNDA_NS = 'http://camunda.org/schema/1.0/dmn';

/**
 * Parses and compiles a DMN 1.1-1.5 resource. Throws ParseError with per-resource details for XML that
 * cannot be read, DOCTYPE declarations, non-DMN namespaces, duplicate ids and broken tables. Decisions
 * whose logic the engine does not support, and FEEL that does not parse (Camunda parses FEEL only when
 * it evaluates), are kept with a warning and fail only when evaluated.
 */
export async function parseDmn(xml: string, resourceName: string): Promise<DmnModel> {
  const problems = new ParseProblems(resourceName, xml);
  if (hasDoctype(xml)) {
    problems.error('DOCTYPE and ENTITY declarations are not allowed in DMN resources');
    throw problems.toError();
  }
  const { xml: normalized, version } = normalizeDmnNamespaces(normalizeAttributeSpacing(xml));
  const result = await readXml(normalized, problems);
  if (!result) throw problems.toError();
  const defs = result.rootElement as DmnDefinitions;
  const dialect = dialectOf(defs, normalized, version);
  const model = buildModel(defs, dialect, version, problems);
  if (problems.errors.length) throw problems.toError();
  return model;
}

async function readXml(xml: string, problems: ParseProblems): Promise<ModdleParseResult | null> {
  let result: ModdleParseResult;
  try {
    result = await new DmnModdle({ camunda: camundaDmn }).fromXML(xml, 'dmn:Definitions');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/failed to parse document as <dmn:Definitions>/.test(message)) {
      const ns = rootNamespace(xml);
      problems.error(
        `The root element is not a DMN definitions element of a supported namespace (DMN 1.1 to 1.5)${ns ? `: '${ns}'` : ''}`,
      );
    } else {
      const at = moddlePosition(message);
      problems.atPosition('error', `Unable to read the DMN XML: ${at.text}`, at.line, at.column);
    }
    return null;
  }
  for (const warning of result.warnings) {
    const at = moddlePosition(warning.message);
    // moddle drops the second element with a known id: that would silently lose a decision or a rule.
    const kind = /duplicate ID/.test(warning.message) ? 'error' : 'warning';
    problems.atPosition(kind, at.text, at.line, at.column);
  }
  return result;
}

function dialectOf(defs: DmnDefinitions, xml: string, version: DmnVersion | null): DmnDialect {
  if (version === '1.1' || defs.namespace === CAMUNDA_NS || /camunda/i.test(defs.exporter ?? '')) return 'camunda';
  return xml.includes(`"${CAMUNDA_NS}"`) || xml.includes(`'${CAMUNDA_NS}'`) ? 'camunda' : 'dmn';
}

function buildModel(
  defs: DmnDefinitions,
  dialect: DmnDialect,
  version: DmnVersion | null,
  problems: ParseProblems,
): DmnModel {
  const elements = defs.drgElement ?? [];
  const decisions = elements.filter((e): e is DmnDecision => e.$type === 'dmn:Decision');
  const inputs = elements.filter((e): e is DmnInputData => e.$type === 'dmn:InputData');
  const knownNames = declaredNames(elements, decisions);
  const itemDefinitions = itemDefinitionTypes(defs.itemDefinition ?? [], knownNames, problems);
  const scope = new CompileScope(problems, dialect, itemDefinitions, knownNames, defs.expressionLanguage);

  // Camunda's transformer needs the decision requirements graph's key, the definitions' id.
  if (!defs.id) {
    problems.error(
      `DMN-02017 The decision requirements graph '${defs.name ?? 'null'}' must have an 'id' attribute set.`,
    );
  }
  for (const d of decisions) if (!d.id) problems.error(`A decision${d.name ? ` named '${d.name}'` : ''} has no id`);
  const compiled = decisions.filter((d) => d.id).map((d) => compileDecision(d, scope));
  const inputDataById = new Map<string, InputDataModel>();
  for (const input of inputs) {
    const name = input.variable?.name || input.name;
    if (input.id && name)
      inputDataById.set(input.id, { id: input.id, name, type: scope.type(input.variable?.typeRef) });
  }
  const linked = linkDecisions(compiled, inputDataById, problems);
  return {
    drd: { key: defs.id ?? defs.name ?? 'definitions', name: defs.name ?? null, namespace: defs.namespace ?? null },
    decisions: linked,
    decisionsByKey: new Map(linked.map((d) => [d.key, d])),
    dmnVersion: version,
    dialect,
    warnings: problems.warnings,
  };
}

function declaredNames(elements: ModdleElement[], decisions: DmnDecision[]): Record<string, unknown> {
  const names: Record<string, unknown> = { cellInput: null };
  const add = (name: string | undefined) => {
    if (name) names[name] = null;
  };
  for (const e of elements as Array<ModdleElement & { name?: string; variable?: { name?: string } }>) {
    add(e.name);
    add(e.variable?.name);
  }
  for (const d of decisions) {
    const logic = d.decisionLogic as
      { output?: Array<{ name?: string }>; input?: Array<{ inputVariable?: string }> } | undefined;
    logic?.output?.forEach((o) => add(o.name));
    logic?.input?.forEach((i) => add(i.inputVariable));
  }
  return names;
}

function itemDefinitionTypes(
  items: DmnItemDefinition[],
  knownNames: Record<string, unknown>,
  problems: ParseProblems,
): Map<string, ItemDefinitionType> {
  const types = new Map<string, ItemDefinitionType>();
  for (const item of items) {
    if (!item.name || item.isCollection || item.itemComponent?.length) continue;
    let allowedValues = null;
    const text = item.allowedValues?.text;
    if (text && text.trim() !== '' && text.trim() !== '-') {
      try {
        allowedValues = compileUnaryTests(text, knownNames);
      } catch (err) {
        if (!(err instanceof FeelSyntaxFailure)) throw err;
        // An item definition may belong to logic the engine never evaluates: the constraint is dropped, the parse goes
        // on.
        problems.warning(
          `FEEL syntax error in the allowed values of item definition '${item.name}': ${err.reason} at position ${err.position} of '${err.text}'`,
          [item.allowedValues?.id, item.id],
        );
      }
    }
    types.set(item.name, { baseTypeRef: item.typeRef ?? null, allowedValues });
  }
  return types;
}
