import { Injectable } from '@nestjs/common';
import { EventSubscriptionDto } from '../../common/dto/event-subscription.dto';
import { ProcessEngine } from '../../engine/process-engine';
import { EventSubscriptionEntity } from '../../persistence/entities/runtime/event-subscription.entity';
import { ResourceQuery } from '../../common/query/resource-query';
import { EVENT_SUBSCRIPTION_LIST } from './event-subscription.query';

@Injectable()
export class EventSubscriptionService {
  readonly rows: ResourceQuery<EventSubscriptionEntity, EventSubscriptionDto>;

  constructor(engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, EVENT_SUBSCRIPTION_LIST);
  }
}
