import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { ENGINE_NAME } from '../../common/http/engine-prefix.middleware';

class ProcessEngineDto {
  @ApiProperty({ example: 'default' })
  name: string;
}

@ApiTags('Engine')
@Controller('engine')
export class EngineController {
  @Public()
  @Get()
  @ApiOkResponse({ type: [ProcessEngineDto] })
  list(): ProcessEngineDto[] {
    return [{ name: ENGINE_NAME }];
  }
}
