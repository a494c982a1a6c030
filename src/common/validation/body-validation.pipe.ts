import { ArgumentMetadata, Injectable, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { objectOrNull } from '../http/json-body';
import { invalidBody } from './invalid-body.factory';
import { dropNullOptionals, isLeanBody, readLeanBody } from './lean-body';

/** The pipe's class-validator settings (also the reference reader of test/common/lean-body.spec.ts). */
export const CLASS_VALIDATOR_OPTIONS: ValidationPipeOptions = {
  transform: true,
  exceptionFactory: invalidBody,
  validationError: { target: false, value: true },
};

/**
 * Validates and coerces request bodies declared with a DTO class (see body-fields.ts). Query strings,
 * path parameters and custom parameter decorators keep their own readers. Unknown properties are not
 * stripped: Camunda ignores them; null optional properties are dropped, as Jackson reads them as absent. `transform` hands the handler the coerced DTO instance. Classes marked
 * `@LeanBody()` (the hot paths) are read by lean-body.ts to the same result.
 */
@Injectable()
export class BodyValidationPipe extends ValidationPipe {
  constructor() {
    super(CLASS_VALIDATOR_OPTIONS);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !this.toValidate(metadata)) return value;
    // An array or a scalar body gets the same answer as a nested value of the wrong type.
    const body = objectOrNull(value);
    if (isLeanBody(metadata.metatype)) return readLeanBody(metadata.metatype, body);
    if (body) dropNullOptionals(metadata.metatype as new () => object, body);
    return super.transform(value, metadata);
  }
}
