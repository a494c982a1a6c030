import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AuthorizationError, EngineError, MigrationValidationError, ParseError } from '../../engine/errors';
import { AuthenticationRequiredError } from './authentication-required.error';
import { answerMessage, answers, EngineErrorAnswer } from './engine-error-answer';
import { RestError } from './rest-error';

interface ErrorBody {
  type: string;
  message: string;
  code: number | null;
  [extra: string]: unknown;
}

/** Status for each engine error kind: the one place that decides it (exhaustive). */
function engineStatus(err: EngineError): number {
  switch (err.kind) {
    case 'BadUserRequest':
    case 'NotFound':
    case 'NotValid':
    case 'NullValue':
    case 'SuspendedEntityInteraction':
    case 'Parse':
      return 400;
    case 'Authorization':
      return 403;
    case 'Conflict':
      return 409;
    case 'OptimisticLocking':
    case 'ProcessEngine':
      return 500;
  }
}

function engineBody(err: EngineError): ErrorBody {
  const body: ErrorBody = { type: err.type, message: err.message, code: err.code };
  if (err instanceof AuthorizationError) {
    const single = err.missingAuthorizations.length === 1 ? err.missingAuthorizations[0] : null;
    body.userId = err.userId;
    body.resourceName = single?.resourceName ?? null;
    body.resourceId = single?.resourceId ?? null;
    body.permissionName = single?.permissionName ?? null;
    body.missingAuthorizations = err.missingAuthorizations;
  }
  if (err instanceof MigrationValidationError) body.validationReport = err.validationReport;
  if (err instanceof ParseError) {
    // Camunda spells the key with a Cyrillic "е"; both spellings are sent so either kind of client finds it.
    const details: Record<string, unknown> = {};
    for (const [resource, report] of Object.entries(err.details)) {
      const withBoth = (problems: typeof report.errors) =>
        problems.map((p) => ({ ...p, ['\u0435lementIds']: p.elementIds }));
      details[resource] = { errors: withBoth(report.errors), warnings: withBoth(report.warnings) };
    }
    body.details = details;
  }
  return body;
}

function httpBody(err: HttpException, req: Request): ErrorBody {
  const status = err.getStatus();
  const response = err.getResponse() as { message?: string | string[] } | string;
  const raw = typeof response === 'string' ? response : response?.message;
  const message = Array.isArray(raw) ? raw.join('; ') : (raw ?? err.message);
  if (status === 404)
    return { type: 'NotFoundException', message: `Could not find resource for path ${req.path}`, code: null };
  if (status === 405)
    return { type: 'NotAllowedException', message: `Method ${req.method} not allowed for ${req.path}`, code: null };
  if (status === 415) return { type: 'NotSupportedException', message, code: null };
  if (status === 413) return { type: 'InvalidRequestException', message: 'Request entity too large', code: null };
  return { type: status < 500 ? 'InvalidRequestException' : 'RestException', message, code: null };
}

const CONTEXT = 'CamundaExceptionFilter';

/**
 * The one place that turns errors into Camunda's `{type, message, code}`. Global without answers; an
 * endpoint with its own answers to engine errors gets an instance holding them (EngineErrorAnswers).
 */
@Catch()
export class CamundaExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(CONTEXT);

  constructor(private readonly answers: readonly EngineErrorAnswer[] = []) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) return;
    if (err instanceof AuthenticationRequiredError) {
      this.log(req, 'warn', { status: 401, type: 'AuthenticationRequired' }, 'Authentication required');
      res.status(401).setHeader('WWW-Authenticate', `Basic realm="${err.realm}"`);
      res.end();
      return;
    }
    const [status, body] = this.describe(err, req);
    this.logAnswer(req, err, status, body);
    res.status(status).type('application/json').send(JSON.stringify(body));
  }

  /**
   * A 5xx is our defect: logged as an error with its stack. A 4xx is the caller's mistake, answered in full
   * already: a warning with what was answered, no stack. The request line beside it shares the request id.
   */
  private logAnswer(req: Request, err: unknown, status: number, body: ErrorBody): void {
    // Not pino's `err` with the error itself: a driver error's enumerable fields hold the statement's parameters (user
    // data).
    const e = err as Error;
    const error = { type: e?.name, message: e?.message ?? String(err), stack: e?.stack };
    if (status >= 500) this.log(req, 'error', { status, type: body.type, error }, body.message);
    else this.log(req, 'warn', { status, type: body.type }, body.message);
  }

  /**
   * Through the request's own child logger (`req.log`, with its request id) where the server's request middleware
   * gave it one; through Nest's logger otherwise (an embedding host without it).
   */
  private log(req: Request, level: 'warn' | 'error', fields: Record<string, unknown>, message: string): void {
    const requestLogger = (req as { log?: Partial<Record<typeof level, (fields: object, message: string) => void>> })
      .log;
    const write = requestLogger?.[level];
    if (write) write.call(requestLogger, { context: CONTEXT, ...fields }, message);
    else this.logger[level](fields, message);
  }

  private describe(err: unknown, req: Request): [number, ErrorBody] {
    if (err instanceof RestError) return [err.status, { type: err.type, message: err.message, code: err.code }];
    if (err instanceof EngineError) return this.endpointAnswer(err, req) ?? [engineStatus(err), engineBody(err)];
    if (err instanceof HttpException) return [err.getStatus(), httpBody(err, req)];
    if (err instanceof QueryFailedError) {
      const code = (err as { code?: string }).code ?? '';
      const duplicate = /DUP|UNIQUE|CONSTRAINT/i.test(code) || /UNIQUE constraint/.test(err.message);
      // A unique constraint refused what the caller asked to create (it exists already, maybe created a moment
      // ago by a concurrent request): the caller's to resolve, so a 409 (Camunda: 500) with Camunda's type.
      return [
        duplicate ? 409 : 500,
        {
          type: 'ProcessEnginePersistenceException',
          message: duplicate
            ? 'The entity violates a unique constraint (it exists already)'
            : 'A database operation failed',
          code: duplicate ? 10001 : 0,
        },
      ];
    }
    const e = err as Error;
    return [
      500,
      {
        type: e?.name && e.name !== 'Error' ? e.name : 'ProcessEngineException',
        message: e?.message ?? String(err),
        code: null,
      },
    ];
  }

  private endpointAnswer(err: EngineError, req: Request): [number, ErrorBody] | null {
    if (err instanceof AuthorizationError) return null;
    const answer = this.answers.find((a) => answers(a, err));
    if (!answer) return null;
    const body = answer.type ? { type: answer.type, message: '', code: null } : engineBody(err);
    return [
      answer.status,
      { ...body, message: answerMessage(answer, err, (req.params ?? {}) as Record<string, string>) },
    ];
  }
}
