/**
 * An error the REST layer raises itself, with the status Camunda's resource would answer
 * (`InvalidRequestException` or `RestException`).
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: 'InvalidRequestException' | 'RestException' = 'InvalidRequestException',
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new RestError(400, message);
export const notFound = (
  message: string,
  type: 'InvalidRequestException' | 'RestException' = 'InvalidRequestException',
) => new RestError(404, message, type);
