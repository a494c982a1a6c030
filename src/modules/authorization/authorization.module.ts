import { Module } from '@nestjs/common';
import { AuthorizationController } from './authorization.controller';
import { AuthorizationRestService } from './authorization.service';

@Module({ controllers: [AuthorizationController], providers: [AuthorizationRestService] })
export class AuthorizationModule {}
