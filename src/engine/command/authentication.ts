/** Who is calling: set by the HTTP layer after basic auth, handed to every engine call that checks permissions. */
export interface Authentication {
  userId: string;
  groupIds: string[];
}
