import { AuthorizationModule } from './authorization/authorization.module';
import { EngineRestModule } from './engine/engine-rest.module';
import { GroupModule } from './group/group.module';
import { UserModule } from './user/user.module';

/** Every REST resource module; each new family adds itself here. */
export const RESOURCE_MODULES = [EngineRestModule, UserModule, GroupModule, AuthorizationModule];
