import { Injectable } from '@nestjs/common';
import { ResourceQuery } from '../../../common/query/resource-query';
import { Authentication } from '../../../engine/command/authentication';
import { ProcessEngine } from '../../../engine/process-engine';
import { UserOperationLogEntryEntity } from '../../../persistence/entities/history/user-operation-log-entry.entity';
import { OperationLogAnnotationDto, UserOperationLogEntryDto } from './user-operation-log.dto';
import { USER_OPERATION_LOG_LIST } from './user-operation-log.query';

@Injectable()
export class UserOperationLogRestService {
  readonly rows: ResourceQuery<UserOperationLogEntryEntity, UserOperationLogEntryDto>;

  constructor(private readonly engine: ProcessEngine) {
    this.rows = new ResourceQuery(engine, USER_OPERATION_LOG_LIST);
  }

  setAnnotation(auth: Authentication | null, operationId: string, dto: OperationLogAnnotationDto): Promise<void> {
    return this.engine.userOperationLog.setAnnotation(auth, operationId, dto.annotation ?? null);
  }

  clearAnnotation(auth: Authentication | null, operationId: string): Promise<void> {
    return this.engine.userOperationLog.setAnnotation(auth, operationId, null);
  }

  delete(auth: Authentication | null, id: string): Promise<void> {
    return this.engine.userOperationLog.delete(auth, id);
  }
}
