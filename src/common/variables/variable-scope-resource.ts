import type { Response } from 'express';
import { withErrorPrefix } from '../errors/wrap-engine-error';
import { TypedValue, VariableMap } from '../../engine/variables/typed-value';
import { typedValueFromWire, typedValueToWire, WireValue } from './wire-value';
import { RestError } from '../errors/rest-error';
import { sendBinary } from '../http/binary-response';
import { objectOrNull } from '../http/json-body';
import { PatchVariablesDto } from './patch-variables.dto';
import { prefixedVariablesFromWire } from './prefixed-variables';
import { VariableValueDto, variablesToWire } from './variable-value.dto';
import { VariableOperation } from '../../engine/instances/runtime-types';

/** The engine calls behind one variables resource (of an execution, a process instance, a task). */
export interface VariableScopeAccess {
  /** As Camunda names it in messages: `execution`, `process instance`, `task`. */
  typeName: string;
  resourceId: string;
  getAll(): Promise<VariableMap>;
  get(name: string): Promise<TypedValue | null>;
  /** `operation`: how the user operation log names the change (Camunda's SetVariable, RemoveVariable, ModifyVariable). */
  modify(modifications: VariableMap, deletions: string[], operation?: VariableOperation): Promise<void>;
}

/** One uploaded multipart part, as multer hands it over. */
export interface UploadedPart {
  fieldname: string;
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

function flag(raw: unknown, fallback = true): boolean {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return fallback;
  return value !== 'false';
}

/** GET .../variables: every variable as `{value, type, valueInfo}`; unknown owners surface as the engine says. */
export async function getVariables(
  access: VariableScopeAccess,
  deserializeValues: unknown,
): Promise<Record<string, WireValue>> {
  return variablesToWire(await access.getAll(), flag(deserializeValues));
}

async function typedValue(access: VariableScopeAccess, name: string): Promise<TypedValue> {
  const value = await withErrorPrefix(`Cannot get ${access.typeName} variable ${name}`, () => access.get(name));
  if (!value) throw new RestError(404, `${access.typeName} variable with name ${name} does not exist`);
  return value;
}

export async function getVariable(
  access: VariableScopeAccess,
  name: string,
  deserializeValue: unknown,
): Promise<WireValue> {
  return typedValueToWire(await typedValue(access, name), flag(deserializeValue));
}

export async function putVariable(access: VariableScopeAccess, name: string, dto: VariableValueDto): Promise<void> {
  await withErrorPrefix(`Cannot put ${access.typeName} variable ${name}`, async () => {
    const value = typedValueFromWire(dto.type, dto.value, dto.valueInfo);
    await access.modify({ [name]: value }, [], 'SetVariable');
  });
}

export async function deleteVariable(access: VariableScopeAccess, name: string): Promise<void> {
  await withErrorPrefix(`Cannot delete ${access.typeName} variable ${name}`, () =>
    access.modify({}, [name], 'RemoveVariable'),
  );
}

/** POST .../variables `{modifications, deletions}`: one engine command for both. */
export async function modifyVariables(access: VariableScopeAccess, patch: PatchVariablesDto): Promise<void> {
  const modifications = prefixedVariablesFromWire(patch.modifications, {
    prefix: `Cannot modify variables for ${access.typeName}`,
    field: 'modifications',
  });
  const deletions = patch.deletions ?? [];
  await withErrorPrefix(`Cannot modify variables for ${access.typeName} ${access.resourceId}`, () =>
    access.modify(modifications, deletions),
  );
}

/** GET .../{name}/data: Bytes as octet-stream, File with its own media type and name. */
export async function sendVariableBinary(access: VariableScopeAccess, name: string, res: Response): Promise<void> {
  sendTypedValueBinary(await typedValue(access, name), access.resourceId, res);
}

export function sendTypedValueBinary(value: TypedValue, resourceId: string, res: Response): void {
  const bytes = (value.value as Buffer | null) ?? Buffer.alloc(0);
  if (value.type === 'bytes') {
    res.status(200).setHeader('Content-Type', 'application/octet-stream');
    res.end(bytes);
    return;
  }
  if (value.type === 'file') {
    const info = value.valueInfo;
    const mimeType = (info.mimeType as string | undefined) || 'application/octet-stream';
    sendBinary(
      res,
      bytes,
      String(info.filename ?? ''),
      info.encoding ? `${mimeType}; charset=${info.encoding as string}` : mimeType,
    );
    return;
  }
  throw new RestError(400, `Value of variable with id ${resourceId} is not a binary value.`);
}

/** POST .../{name}/data (multipart): part `data`, optional text part `valueType` (Bytes, the default, or File). */
export async function setVariableBinary(
  access: VariableScopeAccess,
  name: string,
  files: UploadedPart[] | undefined,
  fields: unknown,
): Promise<void> {
  const data = (files ?? []).find((f) => f.fieldname === 'data');
  if (!data)
    throw new RestError(400, `Cannot put ${access.typeName} variable ${name}: the form part 'data' is missing`);
  const form = (objectOrNull(fields) ?? {}) as Record<string, unknown>;
  if (form.type != null)
    throw new RestError(400, `Unrecognized content type for serialized java type: ${data.mimetype}`);
  const valueType = form.valueType == null ? 'Bytes' : String(form.valueType);
  let value: TypedValue;
  if (valueType.toLowerCase() === 'file') {
    const mimeType = data.mimetype?.split(';')[0].trim() || 'application/octet-stream';
    const charset = /charset=([^;]+)/i.exec(data.mimetype ?? '')?.[1]?.trim();
    value = {
      type: 'file',
      value: data.buffer,
      valueInfo: { filename: data.originalname, mimeType, ...(charset ? { encoding: charset } : {}) },
    };
  } else if (valueType.toLowerCase() === 'bytes') {
    value = { type: 'bytes', value: data.buffer, valueInfo: {} };
  } else {
    throw new RestError(
      400,
      `Cannot put ${access.typeName} variable ${name}: Unsupported value type '${valueType}'`,
      'RestException',
    );
  }
  await withErrorPrefix(`Cannot put ${access.typeName} variable ${name}`, () =>
    access.modify({ [name]: value }, [], 'SetVariable'),
  );
}
