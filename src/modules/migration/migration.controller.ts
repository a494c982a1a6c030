import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { BatchDto } from '../../common/dto/batch.dto';
import { Authentication } from '../../engine/command/authentication';
import {
  MigrationExecutionDto,
  MigrationPlanDto,
  MigrationPlanGenerationDto,
  MigrationPlanReportDto,
} from './migration.dto';
import { MigrationRestService } from './migration.service';

@ApiTags('Migration')
@ApiBasicAuth()
@Controller('migration')
export class MigrationController {
  constructor(private readonly migration: MigrationRestService) {}

  @Post('generate')
  @HttpCode(200)
  @ApiOkResponse({ type: MigrationPlanDto })
  generate(@Auth() auth: Authentication | null, @Body() body: MigrationPlanGenerationDto) {
    return this.migration.generate(auth, body);
  }

  @Post('validate')
  @HttpCode(200)
  @ApiOkResponse({ type: MigrationPlanReportDto })
  validate(@Auth() auth: Authentication | null, @Body() body: MigrationPlanDto) {
    return this.migration.validate(auth, body);
  }

  @Post('execute')
  @HttpCode(204)
  @ApiNoContentResponse()
  execute(@Auth() auth: Authentication | null, @Body() body: MigrationExecutionDto) {
    return this.migration.execute(auth, body);
  }

  @Post('executeAsync')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-migration' })
  executeAsync(@Auth() auth: Authentication | null, @Body() body: MigrationExecutionDto) {
    return this.migration.executeAsync(auth, body);
  }
}
