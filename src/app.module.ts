import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { AuthModule } from './common/auth/auth.module';
import { EngineModule } from './engine.module';
import { RESOURCE_MODULES } from './modules';

/** The whole REST application: the engine plus every resource module. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: AppModule, imports: [EngineModule.forRoot(config), AuthModule, ...RESOURCE_MODULES] };
  }
}
