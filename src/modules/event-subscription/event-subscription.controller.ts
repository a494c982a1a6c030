import { Controller, Get } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { EventSubscriptionDto } from '../../common/dto/event-subscription.dto';
import { CountResultDto } from '../../common/http/count-result.dto';
import { ApiQuerySpec, CountQuery, ListQuery } from '../../common/query/query.decorators';
import { ParsedQuery } from '../../common/query/parse-query';
import { Authentication } from '../../engine/authorization/authentication';
import { EVENT_SUBSCRIPTION_QUERY } from './event-subscription.query';
import { EventSubscriptionService } from './event-subscription.service';

@ApiTags('Event Subscription')
@ApiBasicAuth()
@Controller('event-subscription')
export class EventSubscriptionController {
  constructor(private readonly subscriptions: EventSubscriptionService) {}

  @Get()
  @ApiQuerySpec(EVENT_SUBSCRIPTION_QUERY)
  @ApiOkResponse({ type: [EventSubscriptionDto] })
  list(@Auth() auth: Authentication | null, @ListQuery(EVENT_SUBSCRIPTION_QUERY) q: ParsedQuery) {
    return this.subscriptions.list(auth, q);
  }

  @Get('count')
  @ApiQuerySpec(EVENT_SUBSCRIPTION_QUERY, { sorting: false, paging: false })
  @ApiOkResponse({ type: CountResultDto })
  count(@Auth() auth: Authentication | null, @CountQuery(EVENT_SUBSCRIPTION_QUERY) q: ParsedQuery) {
    return this.subscriptions.count(auth, q);
  }
}
