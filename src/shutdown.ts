import { INestApplication, Logger } from '@nestjs/common';
import { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { ProcessEngine } from './engine/process-engine';

/**
 * How long a keep-alive socket that is idle at the signal may stay open. Under load, "idle" often
 * means that the next request already sits unread in the socket's buffer: closing such a socket
 * at once resets that request. A client that sends within the grace is answered (with
 * `Connection: close`); one that stays silent this long gets its socket closed.
 */
const IDLE_GRACE_MS = 1000;

/**
 * Lets an HTTP server finish what it has started: no new connections, every response from now on
 * closes its connection, and idle keep-alive sockets are closed after a grace.
 */
export class HttpDrain {
  private draining = false;
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly server: HttpServer) {
    // Prepended: express may answer synchronously inside its own listener, after which headers are sent.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (this.draining) res.setHeader('Connection', 'close');
      this.open.add(res);
      res.once('close', () => this.open.delete(res));
    });
  }

  /** Requests whose response has not finished yet. */
  get inFlight(): number {
    return this.open.size;
  }

  /** Resolves once the last connection has closed. */
  close(idleGraceMs = IDLE_GRACE_MS): Promise<void> {
    this.draining = true;
    for (const res of this.open) if (!res.headersSent) res.setHeader('Connection', 'close');
    return new Promise((resolve) => {
      let sweep: NodeJS.Timeout | undefined;
      // setImmediate runs after the event loop's I/O phase: a request that arrived while the loop was
      // blocked past the grace is read (its socket no longer idle) before the sweep.
      const closeIdle = () => setImmediate(() => this.server.closeIdleConnections());
      const grace = setTimeout(() => {
        closeIdle();
        // A response whose headers went out before the signal leaves its socket idle, not closed, when it ends.
        sweep = setInterval(closeIdle, 100);
      }, idleGraceMs);
      // net's close, not http's: http.Server#close also closes idle sockets at once (see IDLE_GRACE_MS).
      NetServer.prototype.close.call(this.server, () => {
        clearTimeout(grace);
        clearInterval(sweep);
        resolve();
      });
    });
  }
}

/**
 * SIGTERM and SIGINT shut the server down gracefully: stop accepting connections, answer waiting
 * long polls with `[]`, stop acquiring jobs and let the running one finish, let in-flight requests
 * finish, then close the application (its shutdown hooks; TypeORM destroys the pool) and exit 0.
 * After `timeoutMs`, or on a second signal, the process exits at once with code 1.
 * Call after `app.listen` instead of `app.enableShutdownHooks()`.
 */
export function enableGracefulShutdown(
  app: INestApplication,
  timeoutMs: number,
  logger = new Logger('Shutdown'),
): void {
  const drain = new HttpDrain(app.getHttpServer() as HttpServer);
  let started = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (started) {
      logger.warn(`${signal} again: exiting at once (${drain.inFlight} requests unfinished)`);
      process.exit(1);
    }
    started = true;
    logger.log(`${signal}: shutting down (at most ${timeoutMs} ms)`);
    const forced = setTimeout(() => {
      logger.error(
        `Shutdown took longer than ${timeoutMs} ms: exiting at once (${drain.inFlight} requests unfinished)`,
      );
      process.exit(1);
    }, timeoutMs);
    shutDown(app, drain, Math.min(IDLE_GRACE_MS, timeoutMs / 2)).then(
      () => {
        clearTimeout(forced);
        logger.log('Shut down');
        process.exit(0);
      },
      (err: unknown) => {
        logger.error(`Shutdown failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function shutDown(app: INestApplication, drain: HttpDrain, idleGraceMs: number): Promise<void> {
  const engine = app.get(ProcessEngine);
  // The long polls' answers and the running job still need the pool: it closes only after all three.
  await Promise.all([drain.close(idleGraceMs), engine.externalTasks.close(), engine.jobExecutor.stop()]);
  await app.close();
}
