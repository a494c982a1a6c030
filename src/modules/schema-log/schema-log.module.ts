import { Module } from '@nestjs/common';
import { SchemaLogController } from './schema-log.controller';
import { SchemaLogRestService } from './schema-log.service';

@Module({ controllers: [SchemaLogController], providers: [SchemaLogRestService] })
export class SchemaLogModule {}
