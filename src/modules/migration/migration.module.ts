import { Module } from '@nestjs/common';
import { MigrationController } from './migration.controller';
import { MigrationRestService } from './migration.service';

@Module({ controllers: [MigrationController], providers: [MigrationRestService] })
export class MigrationModule {}
