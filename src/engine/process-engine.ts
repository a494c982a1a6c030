import { DataSource } from 'typeorm';
import { EngineConfig } from '../config/engine-config';
import { AuthorizationChecker } from './authorization/authorization-checker';
import { AuthorizationService } from './authorization/authorization-service';
import { Transactions } from './command/transactions';
import { CredentialsCache } from './identity/credentials-cache';
import { IdentityService } from './identity/identity-service';
import { RepositoryService } from './repository/repository-service';
import { DecisionService } from './decision/decision-service';

/**
 * The engine facade: one object per running engine, holding the services that the REST modules
 * (or an embedding application) call. Plain TypeScript; the Nest wiring lives in EngineModule.
 */
export class ProcessEngine {
  readonly name = 'default';
  readonly tx: Transactions;
  readonly authorizationChecker: AuthorizationChecker;
  readonly credentialsCache: CredentialsCache;
  readonly identity: IdentityService;
  readonly authorizations: AuthorizationService;
  readonly repository: RepositoryService;
  readonly decisions: DecisionService;

  constructor(
    readonly config: EngineConfig,
    readonly dataSource: DataSource,
  ) {
    this.tx = new Transactions(dataSource);
    this.authorizationChecker = new AuthorizationChecker(config.authorizationEnabled);
    this.credentialsCache = new CredentialsCache(config.authCacheSeconds * 1000);
    this.identity = new IdentityService(this.tx, this.authorizationChecker, this.credentialsCache);
    this.authorizations = new AuthorizationService(this.tx, this.authorizationChecker);
    this.repository = new RepositoryService(this.tx, this.authorizationChecker);
    this.decisions = new DecisionService(this.tx, this.authorizationChecker, this.repository, config.historyLevel);
  }

  async start(): Promise<void> {
    await this.identity.ensureAdmin(this.config.adminUser, this.config.adminPassword);
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
