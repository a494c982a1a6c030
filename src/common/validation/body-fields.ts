import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ValidateBy, ValidateNested } from 'class-validator';
import { recordFieldRule } from './lean-body';
import {
  JSON_BOOLEAN,
  JSON_INTEGER,
  JSON_LONG,
  JSON_OBJECT,
  JSON_STRING,
  JSON_STRING_ARRAY,
  JsonObject,
  JsonType,
  UNREADABLE,
} from '../http/json-body';

/**
 * Request body fields: each decorator writes the Swagger property and the validation rule of a field
 * from one declaration, so the documented body and the accepted body are the same. Values coerce as
 * Jackson coerces them (a number where a string is expected becomes its text); the handler receives
 * the coerced values. Unknown properties stay, as Camunda ignores them.
 */
export interface FieldOptions {
  /**
   * `true`: documented as required, the engine reports its absence in its own words (Camunda's
   * resource does not check it either). A message: the REST layer refuses null and absent with it.
   */
  required?: true | string;
  description?: string;
  example?: unknown;
  enum?: string[];
  maximum?: number;
}

/** Constraint names the exception factory knows (see invalid-body.factory.ts). */
export const REQUIRED = 'required';
export const JSON_TYPE = 'jsonType';

function documented(schema: ApiPropertyOptions, options: FieldOptions): PropertyDecorator {
  const { required, description, example, enum: values, maximum } = options;
  const extra = Object.fromEntries(
    Object.entries({ description, example, enum: values, maximum }).filter(([, v]) => v !== undefined),
  );
  const property = { ...schema, ...extra } as ApiPropertyOptions;
  return required ? ApiProperty(property) : ApiPropertyOptional({ ...property, nullable: true } as ApiPropertyOptions);
}

function requiredMessage(options: FieldOptions): string | undefined {
  return typeof options.required === 'string' ? options.required : undefined;
}

function requiredRule(options: FieldOptions): PropertyDecorator[] {
  const message = options.required;
  if (typeof message !== 'string') return [];
  return [
    ValidateBy({ name: REQUIRED, validator: { validate: (value) => value != null, defaultMessage: () => message } }),
  ];
}

function typeRule(type: JsonType<unknown>): PropertyDecorator {
  return ValidateBy({
    name: JSON_TYPE,
    validator: {
      validate: (value) => value == null || type.read(value) !== UNREADABLE,
      defaultMessage: () => type.expected,
    },
  });
}

/** A field of any JSON type; the named decorators below cover the usual ones. */
export function JsonField(
  type: JsonType<unknown>,
  schema: ApiPropertyOptions,
  options: FieldOptions = {},
): PropertyDecorator {
  return applyDecorators(
    documented(schema, options),
    // Unreadable values stay as they came, for the type rule to name them.
    Transform(({ value }) => {
      if (value == null) return value;
      const read = type.read(value);
      return read === UNREADABLE ? value : read;
    }),
    typeRule(type),
    ...requiredRule(options),
    recordFieldRule({ type, required: requiredMessage(options) }),
  );
}

export const StringField = (options: FieldOptions = {}) => JsonField(JSON_STRING, { type: String }, options);
export const IntegerField = (options: FieldOptions = {}) =>
  JsonField(JSON_INTEGER, { type: 'integer', format: 'int32' }, options);
export const LongField = (options: FieldOptions = {}) =>
  JsonField(JSON_LONG, { type: 'integer', format: 'int64' }, options);
export const BooleanField = (options: FieldOptions = {}) => JsonField(JSON_BOOLEAN, { type: Boolean }, options);
export const StringArrayField = (options: FieldOptions = {}) =>
  JsonField(JSON_STRING_ARRAY, { type: [String] }, options);

/** A free-form JSON object (e.g. a query the service reads with its own rules). */
export const ObjectField = (options: FieldOptions = {}) =>
  JsonField(JSON_OBJECT, { type: 'object', additionalProperties: true }, options);

const VARIABLE_VALUE_SCHEMA = {
  type: 'object',
  properties: { value: {}, type: { type: 'string' }, valueInfo: { type: 'object' } },
};

/**
 * `{name: {value, type, valueInfo}}`: only its shape as an object is checked here; the typed variable
 * codec reads the entries, with the messages Camunda gives for them.
 */
export const VariablesField = (options: FieldOptions = {}) =>
  JsonField(
    JSON_OBJECT,
    { type: 'object', additionalProperties: VARIABLE_VALUE_SCHEMA } as ApiPropertyOptions,
    options,
  );

const JSON_OBJECT_ARRAY: JsonType<JsonObject[]> = {
  expected: 'an array of objects',
  read: (v) => (Array.isArray(v) && v.every((e) => JSON_OBJECT.read(e) !== UNREADABLE) ? v : UNREADABLE),
};

/*
 * Swagger takes a function for a type lazily only when the function is named `type` (an arrow written as the value of a
 * `type:` property, as below); any other function it takes for the class itself, and the schema becomes an empty `$ref`.
 */

/** A nested body object, validated by the rules of its class. */
export function NestedField(type: () => new () => object, options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    documented({ type: () => type() }, options),
    Type(type),
    ValidateNested(),
    typeRule(JSON_OBJECT),
    ...requiredRule(options),
    recordFieldRule({ type: JSON_OBJECT, required: requiredMessage(options), nested: type }),
  );
}

export function NestedArrayField(type: () => new () => object, options: FieldOptions = {}): PropertyDecorator {
  return applyDecorators(
    documented({ type: () => type(), isArray: true }, options),
    Type(type),
    ValidateNested({ each: true }),
    typeRule(JSON_OBJECT_ARRAY),
    ...requiredRule(options),
    recordFieldRule({ type: JSON_OBJECT_ARRAY, required: requiredMessage(options), nested: type, each: true }),
  );
}
