import { Module } from '@nestjs/common';
import { FilterController } from './filter.controller';
import { FilterRestService } from './filter.service';

@Module({ controllers: [FilterController], providers: [FilterRestService] })
export class FilterModule {}
