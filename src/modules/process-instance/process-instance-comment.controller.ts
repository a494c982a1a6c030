import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/auth.decorator';
import { CommentDto, UpdateCommentDto } from '../../common/dto/comment.dto';
import { EngineErrorAnswers } from '../../common/errors/engine-error-answers.decorator';
import { Authentication } from '../../engine/command/authentication';
import { ProcessInstanceCommentService } from './process-instance-comment.service';

/** The engine's message of a missing instance, comment or value, passed on as a 400 (Camunda's resource). */
const nullValueIs400 = { kinds: ['NullValue'] as const, status: 400, type: 'InvalidRequestException' as const };

@ApiTags('Process Instance Comment')
@ApiBasicAuth()
@Controller('process-instance')
export class ProcessInstanceCommentController {
  constructor(private readonly comments: ProcessInstanceCommentService) {}

  @Get(':id/comment')
  @ApiOkResponse({ type: [CommentDto] })
  list(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.comments.comments(auth, id);
  }

  @Put(':id/comment')
  @HttpCode(204)
  @EngineErrorAnswers(nullValueIs400)
  update(@Auth() auth: Authentication | null, @Param('id') id: string, @Body() body: UpdateCommentDto) {
    return this.comments.update(auth, id, body);
  }

  @Delete(':id/comment')
  @HttpCode(204)
  @EngineErrorAnswers(nullValueIs400)
  deleteAll(@Auth() auth: Authentication | null, @Param('id') id: string) {
    return this.comments.delete(auth, id, null);
  }

  @Delete(':id/comment/:commentId')
  @HttpCode(204)
  @EngineErrorAnswers(nullValueIs400)
  delete(@Auth() auth: Authentication | null, @Param('id') id: string, @Param('commentId') commentId: string) {
    return this.comments.delete(auth, id, commentId);
  }
}
