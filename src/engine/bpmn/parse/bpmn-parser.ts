import { BpmnModdle } from 'bpmn-moddle';
import camundaDescriptor from 'camunda-bpmn-moddle/resources/camunda.json';
import { ParseError, ParseProblem } from '../../errors';
import { sharedExpressionCompiler } from '../../expression';
import { normalizeAttributeSpacing } from '../../util/xml-attribute-spacing';
import { ProcessGraph } from '../model/process-graph';
import { assignSequenceFlowIds, resolveLenientReferences } from './lenient-references';
import { children, isModdleElement } from './moddle-element';
import { moddleMessage, moddlePosition, reportModdleWarnings } from './moddle-warnings';
import { HostCodeOptions, ParseContext } from './parse-context';
import { buildProcessGraph } from './process-graph.builder';
import { XmlLocator } from './xml-locator';

export interface BpmnModel {
  /** The executable processes (isExecutable="true"), in document order. */
  processes: ProcessGraph[];
  warnings: ParseProblem[];
}

export interface BpmnParseOptions {
  /** false refuses every script (SCRIPTS_ENABLED=false); default true. */
  scriptsEnabled?: boolean;
  /** The names of the deployment's resources, which `deployment://` script references must name. */
  resourceNames?: ReadonlySet<string>;
  /** Host code models may name (embedded engines); `verify`: names no delegate registers are refused. */
  hostCode?: HostCodeOptions | null;
}

/** Xerces' wording, which Camunda reports when a DOCTYPE reaches its secured parser. */
const DOCTYPE_MESSAGE =
  'DOCTYPE is disallowed when the feature "http://apache.org/xml/features/disallow-doctype-decl" set to true.';

/**
 * Camunda reads the extension namespace of its Activiti days (`http://activiti.org/bpmn`) as its own, so models
 * written for it keep their camunda:* attributes and extension elements.
 */
const ACTIVITI_NAMESPACE = /(xmlns:[\w.-]+\s*=\s*)(["'])http:\/\/activiti\.org\/bpmn\2/g;

function activitiAsCamunda(xml: string): string {
  return xml.replace(ACTIVITI_NAMESPACE, '$1$2http://camunda.org/schema/1.0/bpmn$2');
}

/**
 * Camunda's parser takes `id="flow4 "` (the schema collapses whitespace of an xsd:ID); bpmn-moddle refuses such an
 * id, so it reads the id without the whitespace around it.
 */
const SPACED_ID = /(\sid\s*=\s*)(["'])\s*([^"'\s]*)\s*\2/g;

function trimIds(xml: string): string {
  return xml.replace(SPACED_ID, '$1$2$3$2');
}

/**
 * Parses a BPMN 2.0 XML resource into immutable process graphs. Throws ParseError with every
 * problem found (Camunda's ENGINE-09005 format and per-resource details). Nothing in a deployment
 * runs code here: DOCTYPEs are refused before parsing, Java hooks are errors, and JavaScript is only
 * recorded (it runs later, in the WebAssembly sandbox).
 */
export async function parseBpmn(xml: string, resourceName: string, options: BpmnParseOptions = {}): Promise<BpmnModel> {
  const locator = new XmlLocator(xml);
  const ctx = new ParseContext(
    resourceName,
    locator,
    sharedExpressionCompiler,
    options.scriptsEnabled ?? true,
    options.resourceNames ?? null,
    options.hostCode ?? null,
  );

  const doctype = /<!(DOCTYPE|ENTITY)/i.exec(xml);
  if (doctype) {
    const at = locator.positionAt(doctype.index);
    ctx.errors.push(ctx.problemAt(DOCTYPE_MESSAGE, at.line, at.column));
    throw parseError(ctx);
  }

  let rootElement: unknown;
  try {
    const result = await BpmnModdle({ camunda: camundaDescriptor }).fromXML(
      normalizeAttributeSpacing(trimIds(activitiAsCamunda(xml))),
    );
    rootElement = result.rootElement;
    let warnings = result.warnings;
    if (isModdleElement(rootElement) && rootElement.$type === 'bpmn:Definitions') {
      assignSequenceFlowIds(rootElement, ctx);
      warnings = resolveLenientReferences(rootElement, warnings, ctx);
    }
    reportModdleWarnings(warnings, ctx);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const { line, column } = moddlePosition(message);
    ctx.errors.push(ctx.problemAt(moddleMessage(message), line, column));
    throw parseError(ctx);
  }
  if (!isModdleElement(rootElement) || rootElement.$type !== 'bpmn:Definitions') {
    ctx.errors.push(ctx.problemAt('The document is not a BPMN 2.0 definitions element', null, null));
    throw parseError(ctx);
  }

  const processes: ProcessGraph[] = [];
  for (const process of children(rootElement, 'rootElements').filter((e) => e.$type === 'bpmn:Process')) {
    if (process.isExecutable === true) processes.push(buildProcessGraph(process, ctx));
    else if (process.isExecutable === false)
      ctx.warning(
        `Ignoring non-executable process with id '${process.id}'. Set the attribute isExecutable="true" to deploy this process.`,
        process,
      );
    else
      ctx.warning(
        `Process with id '${process.id}' has no attribute isExecutable and is ignored. Set isExecutable="true" to deploy it.`,
        process,
      );
  }
  if (ctx.errors.length) throw parseError(ctx);
  return { processes, warnings: inDocumentOrder(ctx.warnings) };
}

/** Sorts by line (stable); problems without a position keep their order at the end. */
function inDocumentOrder(problems: ParseProblem[]): ParseProblem[] {
  return problems.sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
}

function parseError(ctx: ParseContext): ParseError {
  inDocumentOrder(ctx.errors);
  inDocumentOrder(ctx.warnings);
  const lines = ctx.errors.map((p) => {
    let line = `\n* ${p.message} | resource ${ctx.resourceName}`;
    if (p.line != null && p.line > 0) line += ` | line ${p.line}`;
    if (p.column != null && p.column > 0) line += ` | column ${p.column}`;
    return line;
  });
  return new ParseError(`ENGINE-09005 Could not parse BPMN process. Errors: ${lines.join('')}`, {
    [ctx.resourceName]: { errors: ctx.errors, warnings: ctx.warnings },
  });
}
