import { Module } from '@nestjs/common';
import { TenantController } from './tenant.controller';
import { TenantRestService } from './tenant.service';

@Module({ controllers: [TenantController], providers: [TenantRestService] })
export class TenantModule {}
