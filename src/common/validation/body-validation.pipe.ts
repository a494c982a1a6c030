import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { objectOrNull } from '../http/json-body';
import { invalidBody } from './invalid-body.factory';

/**
 * Validates and coerces request bodies declared with a DTO class (see body-fields.ts). Query strings,
 * path parameters and custom parameter decorators keep their own readers. Unknown properties are not
 * stripped: Camunda ignores them. `transform` hands the handler the coerced DTO instance.
 */
@Injectable()
export class BodyValidationPipe extends ValidationPipe {
  constructor() {
    super({ transform: true, exceptionFactory: invalidBody, validationError: { target: false, value: true } });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' || !this.toValidate(metadata)) return value;
    // An array or a scalar body gets the same answer as a nested value of the wrong type.
    objectOrNull(value);
    return super.transform(value, metadata);
  }
}
