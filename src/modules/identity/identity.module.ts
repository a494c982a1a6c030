import { Module } from '@nestjs/common';
import { IdentityController } from './identity.controller';
import { IdentityRestService } from './identity.service';

@Module({ controllers: [IdentityController], providers: [IdentityRestService] })
export class IdentityModule {}
