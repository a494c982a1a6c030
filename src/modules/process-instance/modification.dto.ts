import { ApiPropertyOptional } from '@nestjs/swagger';
import { ModificationInstructionDto } from '../../common/dto/modification-instruction.dto';
import { BooleanField, ObjectField, StringArrayField, StringField } from '../../common/validation/body-fields';

/** Camunda's ProcessInstanceModificationDto: the body of POST /process-instance/{id}/modification(-async). */
export class ProcessInstanceModificationDto {
  @BooleanField() skipCustomListeners?: boolean | null;
  @BooleanField() skipIoMappings?: boolean | null;
  @StringField() annotation?: string | null;
  @ApiPropertyOptional({ type: () => [ModificationInstructionDto], nullable: true })
  instructions?: unknown;
}

/** Camunda's ModificationDto: the body of POST /modification/execute(Async), over several instances of a definition. */
export class ModificationDto extends ProcessInstanceModificationDto {
  @StringField() processDefinitionId?: string | null;
  @StringArrayField() processInstanceIds?: string[] | null;
  @ObjectField() processInstanceQuery?: Record<string, unknown> | null;
  @ObjectField() historicProcessInstanceQuery?: Record<string, unknown> | null;
}
