import { readFileSync } from 'fs';
import { join } from 'path';
import { BpmnModel, parseBpmn } from '../../../../src/engine/bpmn/parse/bpmn-parser';
import { FlowNodeOfType, FlowNodeType, ProcessGraph } from '../../../../src/engine/bpmn/model';
import { ParseError } from '../../../../src/engine/errors';
import { variablesContext } from '../../../../src/engine/expression';

export function fixture(name: string): string {
  return readFileSync(join(__dirname, '../../../fixtures/bpmn', name), 'utf8');
}

export async function parseFixture(name: string): Promise<BpmnModel> {
  return parseBpmn(fixture(name), name);
}

export async function onlyProcess(name: string): Promise<ProcessGraph> {
  const model = await parseFixture(name);
  expect(model.processes).toHaveLength(1);
  return model.processes[0];
}

/** The node with `id`, narrowed to its type so tests can read its configuration. */
export function node<T extends FlowNodeType>(graph: ProcessGraph, id: string, type: T): FlowNodeOfType<T> {
  const found = graph.elements.get(id);
  expect(found?.type).toBe(type);
  return found as FlowNodeOfType<T>;
}

/** A minimal executable process around `body`, for rule-by-rule error tests. */
export function processXml(body: string, definitions = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D" targetNamespace="t">
${definitions}
<bpmn:process id="p" isExecutable="true">
${body}
</bpmn:process>
</bpmn:definitions>`;
}

export async function parseFailure(xml: string, resource = 'test.bpmn'): Promise<ParseError> {
  try {
    await parseBpmn(xml, resource);
  } catch (err) {
    if (err instanceof ParseError) return err;
    throw err;
  }
  throw new Error('expected a ParseError');
}

export const evalIn = (vars: Record<string, unknown>) => variablesContext(vars);
