import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBasicAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../../common/auth/auth.decorator';
import { EngineErrorAnswers } from '../../common/errors/engine-error-answers.decorator';
import { LinkBuilder, Links } from '../../common/http/links';
import { ATTACHMENT_UPLOAD } from '../../common/http/multipart-upload';
import { UploadedPart } from '../../common/variables/variable-scope-resource';
import { Authentication } from '../../engine/command/authentication';
import { ATTACHMENT_FORM, AttachmentDto } from './task-attachment.dto';
import { TaskAttachmentService } from './task-attachment.service';

@ApiTags('Task Attachment')
@ApiBasicAuth()
@Controller('task')
export class TaskAttachmentController {
  constructor(private readonly attachments: TaskAttachmentService) {}

  @Get(':id/attachment')
  @ApiOkResponse({ type: [AttachmentDto] })
  list(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.attachments.list(auth, id);
  }

  @Post(':id/attachment/create')
  @HttpCode(200)
  @UseInterceptors(ATTACHMENT_UPLOAD)
  @ApiConsumes('multipart/form-data')
  @ApiBody(ATTACHMENT_FORM)
  @ApiOkResponse({ type: AttachmentDto })
  @EngineErrorAnswers({ kinds: ['NotFound'], status: 400, type: 'InvalidRequestException' })
  create(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @UploadedFiles() files: UploadedPart[] | undefined,
    @Body() fields: Record<string, unknown> | undefined,
    @Links() links: LinkBuilder,
  ) {
    return this.attachments.create(auth, id, files, fields, links);
  }

  @Get(':id/attachment/:attachmentId')
  @ApiOkResponse({ type: AttachmentDto })
  get(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('attachmentId') attachmentId: string) {
    return this.attachments.get(auth, id, attachmentId);
  }

  @Get(':id/attachment/:attachmentId/data')
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The uploaded content' })
  async data(
    @Auth() auth: Authentication | null,
    @Param('id') id: string,
    @Param('attachmentId') attachmentId: string,
    @Res() res: Response,
  ) {
    res.type('application/octet-stream').send(await this.attachments.content(auth, id, attachmentId));
  }

  @Delete(':id/attachment/:attachmentId')
  @HttpCode(204)
  @EngineErrorAnswers({
    kinds: ['NullValue'],
    status: 404,
    type: 'InvalidRequestException',
    message: "Deletion is not possible. No attachment exists for task id '{id}' and attachment id '{attachmentId}'.",
  })
  delete(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('attachmentId') attachmentId: string) {
    return this.attachments.delete(auth, id, attachmentId);
  }
}
