import { Module } from '@nestjs/common';
import { ConsoleController } from './console.controller';

/** The web console at /console/ for the standalone server (an embedding host leaves it out). */
@Module({ controllers: [ConsoleController] })
export class ConsoleModule {}
