import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BasicAuthGuard } from './basic-auth.guard';
import { BasicStrategy } from './basic.strategy';

@Module({
  imports: [PassportModule],
  providers: [BasicStrategy, { provide: APP_GUARD, useClass: BasicAuthGuard }],
})
export class AuthModule {}
