import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { ProcessInstanceDto } from '../../common/dto/process-instance.dto';
import { Authentication } from '../../engine/command/authentication';
import { EvaluationConditionDto } from './condition.dto';
import { ConditionService } from './condition.service';

@ApiTags('Condition')
@ApiBasicAuth()
@Controller('condition')
export class ConditionController {
  constructor(private readonly conditions: ConditionService) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: [ProcessInstanceDto] })
  evaluate(@Auth() auth: Authentication | null, @Body() body: EvaluationConditionDto) {
    return this.conditions.evaluate(auth, body);
  }
}
