/** Which deployed files the engine parses, which are diagrams, and how each is served. */
export const BPMN_SUFFIXES = ['bpmn20.xml', 'bpmn'];
export const DMN_SUFFIXES = ['dmn11.xml', 'dmn'];
export const CMMN_SUFFIXES = ['cmmn11.xml', 'cmmn10.xml', 'cmmn'];
export const DIAGRAM_SUFFIXES = ['png', 'jpg', 'gif', 'svg'];

export type ResourceKind = 'bpmn' | 'dmn' | 'other';

function suffixOf(name: string, suffixes: string[]): string | undefined {
  const lower = name.toLowerCase();
  return suffixes.find((s) => lower.endsWith(`.${s}`));
}

export function resourceKind(name: string): ResourceKind {
  if (suffixOf(name, BPMN_SUFFIXES)) return 'bpmn';
  if (suffixOf(name, DMN_SUFFIXES)) return 'dmn';
  return 'other';
}

/**
 * Camunda's diagram lookup: for model `X.bpmn` and definition key `K`, `X.K.<suffix>` first, then
 * `X.<suffix>`, with suffixes in the order png, jpg, gif, svg.
 */
export function findDiagram(modelName: string, key: string, available: Set<string>): string | null {
  const suffix = suffixOf(modelName, [...BPMN_SUFFIXES, ...DMN_SUFFIXES]);
  if (!suffix) return null;
  const base = modelName.slice(0, modelName.length - suffix.length);
  for (const candidate of [
    ...DIAGRAM_SUFFIXES.map((s) => `${base}${key}.${s}`),
    ...DIAGRAM_SUFFIXES.map((s) => `${base}${s}`),
  ]) {
    if (available.has(candidate)) return candidate;
  }
  return null;
}

const MEDIA_TYPES: Record<string, string> = {
  bpmn: 'application/xml',
  cmmn: 'application/xml',
  dmn: 'application/xml',
  xml: 'application/xml',
  json: 'application/json',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  bmp: 'image/bmp',
  groovy: 'text/plain',
  java: 'text/plain',
  js: 'text/plain',
  php: 'text/plain',
  py: 'text/plain',
  rb: 'text/plain',
  txt: 'text/plain',
  html: 'text/html',
};

export function mediaTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && MEDIA_TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
