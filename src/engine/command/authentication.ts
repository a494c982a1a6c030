/** Who is calling: set by the HTTP layer after basic auth, handed to every engine call that checks permissions. */
export interface Authentication {
  userId: string;
  groupIds: string[];
  /**
   * The tenants the user or one of their groups belongs to, known at authentication (and cached with it) so that the
   * tenant check needs no query of its own; absent: none.
   */
  tenantIds?: string[];
}
