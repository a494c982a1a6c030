import { parseBpmn, BpmnModel } from '../bpmn/parse/bpmn-parser';
import { parseDmn, DmnModel } from '../dmn/dmn-parser';
import { ParseError, ResourceReport } from '../errors';
import type { DelegateRegistry } from '../options';
import { resourceKind } from './resource-kinds';

export interface DeploymentResourceInput {
  name: string;
  bytes: Buffer;
}

export interface ParsedResources {
  bpmn: Map<string, BpmnModel>;
  dmn: Map<string, DmnModel>;
}

/**
 * Parses every model of a deployment before anything is written; all problems of all resources
 * are reported together, and one broken model fails the whole deployment.
 */
export async function parseResources(
  resources: DeploymentResourceInput[],
  scriptsEnabled = true,
  delegates: DelegateRegistry | null = null,
): Promise<ParsedResources> {
  const resourceNames = new Set(resources.map((r) => r.name));
  const parsed: ParsedResources = { bpmn: new Map(), dmn: new Map() };
  const details: Record<string, ResourceReport> = {};
  const messages: string[] = [];
  for (const resource of resources) {
    const kind = resourceKind(resource.name);
    if (kind === 'other') continue;
    try {
      const xml = resource.bytes.toString('utf8');
      if (kind === 'bpmn') {
        const hostCode = delegates && { delegates, verify: true };
        parsed.bpmn.set(
          resource.name,
          await parseBpmn(xml, resource.name, { scriptsEnabled, resourceNames, hostCode }),
        );
      } else parsed.dmn.set(resource.name, await parseDmn(xml, resource.name));
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      Object.assign(details, err.details);
      messages.push(err.message);
    }
  }
  if (messages.length) throw new ParseError(messages.join('\n'), details);
  return parsed;
}
