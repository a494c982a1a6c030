import { GroupEntity } from '../../../persistence/entities/identity/group.entity';
import { MembershipEntity } from '../../../persistence/entities/identity/membership.entity';
import { UserEntity } from '../../../persistence/entities/identity/user.entity';
import { ADMIN_GROUP } from '../../authorization/resources';
import { Command } from '../../command/command';
import { CommandContext } from '../../command/command-context';
import { IdentityManager } from '../identity.manager';

/**
 * The start-up bootstrap: the `camunda-admin` group, the configured admin user and its membership, each made
 * only when missing, so that a restart (or an admin changed since) keeps what is there. No default grants: the
 * admin group bypasses every check. The password comes hashed (the slow hash runs before the transaction).
 */
export class EnsureAdminCmd implements Command<void> {
  constructor(
    private readonly userId: string,
    private readonly passwordHash: string,
  ) {}

  async execute(ctx: CommandContext): Promise<void> {
    const { em } = ctx;
    const identity = ctx.manager(IdentityManager);
    const userId = this.userId;
    if (!(await em.getRepository(GroupEntity).existsBy({ id: ADMIN_GROUP }))) {
      identity.insertGroup({ id: ADMIN_GROUP, name: 'camunda BPM Administrators', type: 'SYSTEM' });
    }
    if (!(await em.getRepository(UserEntity).existsBy({ id: userId }))) {
      identity.insertUser({
        id: userId,
        firstName: userId,
        lastName: null,
        email: null,
        passwordHash: this.passwordHash,
      });
    }
    if (!(await em.getRepository(MembershipEntity).existsBy({ userId, groupId: ADMIN_GROUP }))) {
      identity.addMembership(userId, ADMIN_GROUP);
    }
  }
}
