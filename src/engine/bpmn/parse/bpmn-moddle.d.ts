// bpmn-moddle ships types only under its "./types" export, not for ".". This declares the part we use.
declare module 'bpmn-moddle' {
  export interface ModdleWarning {
    message: string;
    element?: unknown;
    property?: string;
    value?: unknown;
    error?: Error;
  }

  export interface FromXmlResult {
    rootElement: unknown;
    warnings: ModdleWarning[];
    elementsById: Record<string, unknown>;
  }

  export interface BpmnModdleInstance {
    fromXML(xml: string, typeName?: string): Promise<FromXmlResult>;
  }

  export function BpmnModdle(packages?: Record<string, unknown>, options?: Record<string, unknown>): BpmnModdleInstance;
}
