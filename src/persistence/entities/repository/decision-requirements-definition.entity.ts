import { Entity } from 'typeorm';
import { DefinitionColumns } from './definition-columns';

@Entity('act_re_decision_req_def')
/** A DMN resource with several decisions (Camunda keeps one only then); all its columns are the shared ones. */
export class DecisionRequirementsDefinitionEntity extends DefinitionColumns {}
