import { storage } from 'nestjs-pino/storage';

/**
 * Jest loads every module afresh for each test file, so each file has its own copy of nestjs-pino's module-level
 * AsyncLocalStorage. Node visits every enabled storage whenever an async resource is created: left enabled, the
 * copies of earlier files slowed every await of the later ones (a whole run's worth made late files stall).
 */
afterAll(() => storage.disable());
