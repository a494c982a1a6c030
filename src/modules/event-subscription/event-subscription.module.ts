import { Module } from '@nestjs/common';
import { EventSubscriptionController } from './event-subscription.controller';
import { EventSubscriptionService } from './event-subscription.service';

@Module({ controllers: [EventSubscriptionController], providers: [EventSubscriptionService] })
export class EventSubscriptionModule {}
