import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { BatchDto } from '../../common/dto/batch.dto';
import { Authentication } from '../../engine/command/authentication';
import { ModificationDto } from './modification.dto';
import { ProcessInstanceService } from './process-instance.service';

/** /modification: the same instructions for several instances of one definition (they share the instance queries). */
@ApiTags('Modification')
@ApiBasicAuth()
@Controller('modification')
export class ModificationController {
  constructor(private readonly instances: ProcessInstanceService) {}

  @Post('execute')
  @HttpCode(204)
  @ApiOperation({ summary: 'Modifies the selected instances of a definition in one transaction' })
  execute(@Auth() auth: Authentication | null, @Body() body: ModificationDto) {
    return this.instances.modifyMany(auth, body);
  }

  @Post('executeAsync')
  @HttpCode(200)
  @ApiOkResponse({ type: BatchDto, description: 'A batch of type instance-modification' })
  executeAsync(@Auth() auth: Authentication | null, @Body() body: ModificationDto) {
    return this.instances.modifyManyAsync(auth, body);
  }
}
