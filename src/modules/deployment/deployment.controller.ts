import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers, notFoundIs404 } from '../../common/errors/engine-error-answers.decorator';
import { sendBinary } from '../../common/http/binary-response';
import { LinkBuilder, Links } from '../../common/http/links';
import { DEPLOYMENT_UPLOAD } from '../../common/http/multipart-upload';
import { Authentication } from '../../engine/command/authentication';
import { ListRoutes } from '../../common/query/list-routes';
import { DeploymentDto, DeploymentResourceDto, DeploymentWithDefinitionsDto, RedeploymentDto } from './deployment.dto';
import { DEPLOYMENT_LIST } from './deployment.query';
import { DeploymentService, UploadedPart } from './deployment.service';

@ApiTags('Deployment')
@ApiBasicAuth()
@Controller('deployment')
@ListRoutes(DEPLOYMENT_LIST, (c: DeploymentController) => c.deployments.rows, { routes: ['list', 'count'] })
export class DeploymentController {
  constructor(readonly deployments: DeploymentService) {}

  @Get('registered')
  @ApiOkResponse({ type: [String] })
  registered(@Auth() auth: Authentication | null) {
    return this.deployments.registered(auth);
  }

  @Post('create')
  @HttpCode(200)
  @UseInterceptors(DEPLOYMENT_UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        'deployment-name': { type: 'string' },
        'deployment-source': { type: 'string' },
        'tenant-id': { type: 'string' },
        'enable-duplicate-filtering': { type: 'boolean' },
        'deploy-changed-only': { type: 'boolean' },
        'deployment-activation-time': { type: 'string', format: 'date-time' },
        data: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiOkResponse({ type: DeploymentWithDefinitionsDto })
  create(
    @Auth() auth: Authentication | null,
    @Links() links: LinkBuilder,
    @Body() fields: Record<string, unknown>,
    @UploadedFiles() files: UploadedPart[],
  ) {
    return this.deployments.create(auth, links, fields ?? {}, files ?? []);
  }

  @Get(':id')
  @ApiOkResponse({ type: DeploymentDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.deployments.get(auth, id);
  }

  @Delete(':id')
  @EngineErrorAnswers(notFoundIs404())
  @HttpCode(204)
  @ApiQuery({ name: 'cascade', required: false, type: Boolean })
  @ApiQuery({ name: 'skipCustomListeners', required: false, type: Boolean })
  @ApiQuery({ name: 'skipIoMappings', required: false, type: Boolean })
  delete(@Auth() auth: Authentication | null, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.deployments.delete(auth, id, query);
  }

  @Post(':id/redeploy')
  @EngineErrorAnswers(notFoundIs404("Cannot redeploy deployment '{id}': {message}"), {
    kinds: ['NotValid', 'BadUserRequest'],
    status: 400,
    type: 'InvalidRequestException',
    message: "Cannot redeploy deployment '{id}': {message}",
  })
  @HttpCode(200)
  @ApiOkResponse({ type: DeploymentWithDefinitionsDto })
  redeploy(
    @Auth() auth: Authentication | null,
    @Links() links: LinkBuilder,
    @Param('id') id: string,
    @Body() dto: RedeploymentDto,
  ) {
    return this.deployments.redeploy(auth, links, id, dto);
  }

  @Get(':id/resources')
  @ApiOkResponse({ type: [DeploymentResourceDto] })
  resources(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.deployments.resources(auth, id);
  }

  @Get(':id/resources/:resourceId')
  @ApiOkResponse({ type: DeploymentResourceDto })
  resource(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('resourceId') resourceId: string) {
    return this.deployments.resource(auth, id, resourceId);
  }

  @Get(':id/resources/:resourceId/data')
  async resourceData(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('resourceId') resourceId: string,
    @Res() res: Response,
  ) {
    const data = await this.deployments.resourceData(auth, id, resourceId);
    sendBinary(res, data.bytes, data.name, data.mediaType);
  }
}
