import { Controller, Get } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CAMUNDA_REST_API_VERSION } from '../../common/http/rest-api-version';

/** Camunda's VersionDto. */
class VersionDto {
  @ApiProperty({ example: CAMUNDA_REST_API_VERSION }) version: string;
}

@ApiTags('Version')
@ApiBasicAuth()
@Controller('version')
export class VersionController {
  @Get()
  @ApiOkResponse({ type: VersionDto })
  getRestAPIVersion(): VersionDto {
    return { version: CAMUNDA_REST_API_VERSION };
  }
}
