import { Controller } from '@nestjs/common';
import { ApiBasicAuth, ApiTags } from '@nestjs/swagger';
import { ListRoutes } from '../../common/query/list-routes';
import { EVENT_SUBSCRIPTION_LIST } from './event-subscription.query';
import { EventSubscriptionService } from './event-subscription.service';

@ApiTags('Event Subscription')
@ApiBasicAuth()
@Controller('event-subscription')
@ListRoutes(EVENT_SUBSCRIPTION_LIST, (c: EventSubscriptionController) => c.subscriptions.rows, {
  routes: ['list', 'count'],
})
export class EventSubscriptionController {
  constructor(readonly subscriptions: EventSubscriptionService) {}
}
