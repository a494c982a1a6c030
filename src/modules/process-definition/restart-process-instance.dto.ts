import {
  BooleanField,
  NestedArrayField,
  ObjectField,
  StringArrayField,
  StringField,
} from '../../common/validation/body-fields';

/** One of Camunda's RestartProcessInstanceModificationInstructionDto. */
export class RestartInstructionDto {
  @StringField({ description: 'startBeforeActivity, startAfterActivity or startTransition' }) type?: string | null;
  @StringField() activityId?: string | null;
  @StringField() transitionId?: string | null;
}

/** Camunda's RestartProcessInstanceDto: which finished instances, where they begin again, and with what. */
export class RestartProcessInstanceDto {
  @StringArrayField() processInstanceIds?: Array<string | null> | null;
  @ObjectField({ description: 'A historic process instance query selecting the instances' })
  historicProcessInstanceQuery?: Record<string, unknown> | null;
  @NestedArrayField(() => RestartInstructionDto) instructions?: RestartInstructionDto[] | null;
  @BooleanField() initialVariables?: boolean | null;
  @BooleanField() skipCustomListeners?: boolean | null;
  @BooleanField() skipIoMappings?: boolean | null;
  @BooleanField() withoutBusinessKey?: boolean | null;
}
