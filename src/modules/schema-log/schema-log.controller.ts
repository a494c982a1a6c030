import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { ParsedQuery } from '../../common/query/parse-query';
import { ApiBodySpec, ApiQuerySpec, ListBody, ListQuery } from '../../common/query/query.decorators';
import { Authentication } from '../../engine/command/authentication';
import { SchemaLogEntryDto } from './schema-log.dto';
import { SCHEMA_LOG_QUERY } from './schema-log.query';
import { SchemaLogRestService } from './schema-log.service';

const Q = SCHEMA_LOG_QUERY;

/** Camunda offers the schema log as GET and POST lists, without a count. */
@ApiTags('Schema Log')
@ApiBasicAuth()
@Controller('schema/log')
export class SchemaLogController {
  constructor(private readonly schemaLog: SchemaLogRestService) {}

  @Get()
  @ApiQuerySpec(Q)
  @ApiOkResponse({ type: [SchemaLogEntryDto] })
  getSchemaLog(@Auth() auth: Authentication | null, @ListQuery(Q) q: ParsedQuery) {
    return this.schemaLog.list(auth, q);
  }

  @Post()
  @HttpCode(200)
  @ApiBodySpec(Q)
  @ApiOkResponse({ type: [SchemaLogEntryDto] })
  querySchemaLog(@Auth() auth: Authentication | null, @ListBody(Q) q: ParsedQuery) {
    return this.schemaLog.list(auth, q);
  }
}
