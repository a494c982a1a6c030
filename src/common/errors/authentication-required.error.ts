/** Basic authentication failed: 401 with a challenge and an empty body (Camunda's auth filter). */
export class AuthenticationRequiredError extends Error {
  constructor(readonly realm: string) {
    super('authentication required');
  }
}
