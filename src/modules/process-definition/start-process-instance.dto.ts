import { ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, StringField, VariablesField } from '../../common/validation/body-fields';
import { LeanBody } from '../../common/validation/lean-body';

@LeanBody()
export class StartProcessInstanceDto {
  @VariablesField() variables?: Record<string, unknown> | null;
  @StringField() businessKey?: string | null;
  @StringField() caseInstanceId?: string | null;
  @BooleanField() withVariablesInReturn?: boolean | null;
  @BooleanField() skipCustomListeners?: boolean | null;
  @BooleanField() skipIoMappings?: boolean | null;
  @ApiPropertyOptional({
    description: 'An empty list is an ordinary start; instructions themselves are not supported yet (400)',
    type: 'array',
    items: { type: 'object' },
    nullable: true,
  })
  startInstructions?: unknown;
}
