import { Module } from '@nestjs/common';
import { VariableInstanceController } from './variable-instance.controller';
import { VariableInstanceRestService } from './variable-instance.service';

@Module({ controllers: [VariableInstanceController], providers: [VariableInstanceRestService] })
export class VariableInstanceModule {}
