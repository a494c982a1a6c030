/**
 * dmn-moddle reads only the DMN 1.3 namespaces. DMN 1.1, 1.2, 1.4 and 1.5 models use the same element
 * and attribute names for everything the engine evaluates, so their namespace declarations are rewritten
 * to 1.3 before parsing. Only `xmlns` attribute values change, so line and column numbers stay valid.
 */
export type DmnVersion = '1.1' | '1.2' | '1.3' | '1.4' | '1.5';

const DMN13_MODEL = 'https://www.omg.org/spec/DMN/20191111/MODEL/';
const DMN13_DMNDI = 'https://www.omg.org/spec/DMN/20191111/DMNDI/';

const MODEL_VERSIONS: Record<string, DmnVersion> = {
  // DMN 1.1 was published under two names; Camunda reads both
  '20151101/dmn.xsd': '1.1',
  '20151101/dmn11.xsd': '1.1',
  '20180521/MODEL': '1.2',
  '20191111/MODEL': '1.3',
  '20211108/MODEL': '1.4',
  '20230324/MODEL': '1.5',
};

// http or https, with or without the trailing slash: exporters disagree.
const MODEL_URI = /^https?:\/\/www\.omg\.org\/spec\/DMN\/(20151101\/dmn(?:11)?\.xsd|\d{8}\/MODEL)\/?$/;
const DMNDI_URI = /^https?:\/\/www\.omg\.org\/spec\/DMN\/\d{8}\/DMNDI\/?$/;
const XMLNS_ATTRIBUTE = /\bxmlns(:[\w.-]+)?(\s*=\s*)(["'])(.*?)\3/g;

export interface NormalizedDmn {
  xml: string;
  /** The DMN version of the first model namespace declared, or null when none is known. */
  version: DmnVersion | null;
}

export function normalizeDmnNamespaces(xml: string): NormalizedDmn {
  let version: DmnVersion | null = null;
  const normalized = xml.replace(
    XMLNS_ATTRIBUTE,
    (whole, prefix: string | undefined, eq: string, quote: string, uri: string) => {
      const model = MODEL_URI.exec(uri);
      if (model && MODEL_VERSIONS[model[1]]) {
        version ??= MODEL_VERSIONS[model[1]];
        return `xmlns${prefix ?? ''}${eq}${quote}${DMN13_MODEL}${quote}`;
      }
      if (DMNDI_URI.test(uri)) return `xmlns${prefix ?? ''}${eq}${quote}${DMN13_DMNDI}${quote}`;
      return whole;
    },
  );
  return { xml: normalized, version };
}

/** The namespace of the root element, for error messages about documents that are not DMN. */
export function rootNamespace(xml: string): string | null {
  const root = /<(?!\?|!)([\w.-]+:)?[\w.-]+\b([^>]*)>/.exec(xml);
  if (!root) return null;
  const prefix = root[1] ? `:${root[1].slice(0, -1)}` : '';
  const declaration = new RegExp(`\\bxmlns${prefix.replace(/[.]/g, '\\.')}\\s*=\\s*(["'])(.*?)\\1`).exec(root[2]);
  return declaration ? declaration[2] : null;
}

/** DOCTYPE and ENTITY declarations are refused before any parser sees them (entity expansion, XXE). */
export function hasDoctype(xml: string): boolean {
  return /<!DOCTYPE|<!ENTITY/i.test(xml);
}
