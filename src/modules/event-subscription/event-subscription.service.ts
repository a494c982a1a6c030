import { Injectable } from '@nestjs/common';
import { SelectQueryBuilder } from 'typeorm';
import { EventSubscriptionDto, toEventSubscriptionDto } from '../../common/dto/event-subscription.dto';
import { countQuery, listQuery } from '../../common/query/apply-query';
import { instanceReadGrants, restrictToAnyGrant } from '../../common/query/authorized-rows';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { ProcessEngine } from '../../engine/process-engine';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { EVENT_SUBSCRIPTION_QUERY } from './event-subscription.query';

/** The definition key of a subscription's instance (subscriptions of start events have none). */
const DEFINITION_KEY = '(SELECT x.proc_def_key FROM act_ru_execution x WHERE x.id = s.processInstanceId)';

@Injectable()
export class EventSubscriptionService {
  constructor(private readonly engine: ProcessEngine) {}

  private query<T>(auth: Authentication | null, run: (qb: SelectQueryBuilder<EventSubscriptionEntity>) => Promise<T>): Promise<T> {
    return this.engine.tx.read(async (em) => {
      const qb = em.getRepository(EventSubscriptionEntity).createQueryBuilder('s');
      await restrictToAnyGrant(this.engine.authorizationChecker, em, qb, auth, instanceReadGrants('s.processInstanceId', DEFINITION_KEY));
      return run(qb);
    });
  }

  async list(auth: Authentication | null, q: ParsedQuery): Promise<EventSubscriptionDto[]> {
    return (await this.query(auth, (qb) => listQuery(qb, EVENT_SUBSCRIPTION_QUERY, q))).map(toEventSubscriptionDto);
  }

  async count(auth: Authentication | null, q: ParsedQuery): Promise<{ count: number }> {
    return { count: await this.query(auth, (qb) => countQuery(qb, EVENT_SUBSCRIPTION_QUERY, q)) };
  }
}
