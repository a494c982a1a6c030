// dmn-moddle ships no type declarations; this is the part of its surface the DMN parser uses.
declare module 'dmn-moddle' {
  export interface ModdleWarning {
    message: string;
    error?: Error;
    element?: unknown;
    property?: string;
    value?: unknown;
  }

  export interface ModdleParseResult {
    rootElement: unknown;
    warnings: ModdleWarning[];
    elementsById: Record<string, unknown>;
  }

  export class DmnModdle {
    constructor(packages?: Record<string, unknown>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ModdleParseResult>;
  }
}
