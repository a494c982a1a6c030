import { Body, Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../../common/auth/auth.decorator';
import { ListRoutes } from '../../../common/query/list-routes';
import { Authentication } from '../../../engine/command/authentication';
import { OperationLogAnnotationDto } from './user-operation-log.dto';
import { USER_OPERATION_LOG_LIST } from './user-operation-log.query';
import { UserOperationLogRestService } from './user-operation-log.service';

/** Camunda offers GET list and count only (no POST query) for the user operation log. */
@ApiTags('Historic User Operation Log')
@ApiBasicAuth()
@Controller('history/user-operation')
@ListRoutes(USER_OPERATION_LOG_LIST, (c: UserOperationLogController) => c.log.rows, { routes: ['list', 'count'] })
export class UserOperationLogController {
  constructor(readonly log: UserOperationLogRestService) {}

  @Put(':operationId/set-annotation')
  @HttpCode(204)
  @ApiNoContentResponse()
  setAnnotation(
    @Auth() auth: Authentication | null,
    @Param('operationId') operationId: string,
    @Body() body: OperationLogAnnotationDto,
  ) {
    return this.log.setAnnotation(auth, operationId, body);
  }

  @Put(':operationId/clear-annotation')
  @HttpCode(204)
  @ApiNoContentResponse()
  clearAnnotation(@Auth() auth: Authentication | null, @Param('operationId') operationId: string) {
    return this.log.clearAnnotation(auth, operationId);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.log.delete(auth, id);
  }
}
