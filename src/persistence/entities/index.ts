import { PropertyEntity } from './property.entity';
import { UserEntity } from './identity/user.entity';
import { GroupEntity } from './identity/group.entity';
import { MembershipEntity } from './identity/membership.entity';
import { AuthorizationEntity } from './identity/authorization.entity';

/** Every entity, listed explicitly (glob loading does not work under jest's module registry). */
export const ENTITIES = [PropertyEntity, UserEntity, GroupEntity, MembershipEntity, AuthorizationEntity];
