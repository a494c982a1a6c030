import { ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, StringField, VariablesField } from '../../common/validation/body-fields';
import { LeanBody } from '../../common/validation/lean-body';
import { ModificationInstructionDto } from '../../common/dto/modification-instruction.dto';

@LeanBody()
export class StartProcessInstanceDto {
  @VariablesField() variables?: Record<string, unknown> | null;
  @StringField() businessKey?: string | null;
  @StringField() caseInstanceId?: string | null;
  @BooleanField() withVariablesInReturn?: boolean | null;
  @BooleanField() skipCustomListeners?: boolean | null;
  @BooleanField() skipIoMappings?: boolean | null;
  @ApiPropertyOptional({
    description: 'Where the instance starts instead of its start event; an empty list is an ordinary start',
    type: () => [ModificationInstructionDto],
    nullable: true,
  })
  startInstructions?: unknown;
}
