/**
 * Camunda's DefaultPasswordPolicyImpl: the rules, in Camunda's order, with their placeholders (the web apps
 * translate them) and their parameters as Camunda renders them (strings; none for the user-data rule).
 */
export interface PasswordPolicyRule {
  placeholder: string;
  parameter: Record<string, string> | null;
}

/** The parts of a user's profile a password must not contain. */
export interface PasswordOwner {
  id?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface PasswordPolicyResult {
  /** Fulfilled rules first, then the violated ones, as Camunda's CheckPasswordPolicyResultDto lists them. */
  rules: Array<PasswordPolicyRule & { valid: boolean }>;
  valid: boolean;
}

const SPECIAL = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

interface Rule extends PasswordPolicyRule {
  holds(password: string, owner: PasswordOwner | null): boolean;
}

const count = (password: string, test: (c: string) => boolean) => [...password].filter(test).length;
const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();

const RULES: Rule[] = [
  {
    placeholder: 'PASSWORD_POLICY_USER_DATA',
    parameter: null,
    holds: (password, owner) => {
      if (password === '' || !owner) return true;
      const candidate = password.toUpperCase();
      return ![owner.id, owner.firstName, owner.lastName, owner.email].some(
        (part) => !!part && candidate.includes(part.toUpperCase()),
      );
    },
  },
  {
    placeholder: 'PASSWORD_POLICY_LENGTH',
    parameter: { minLength: '10' },
    holds: (password) => password.length >= 10,
  },
  {
    placeholder: 'PASSWORD_POLICY_LOWERCASE',
    parameter: { minLowerCase: '1' },
    holds: (password) => count(password, isLower) >= 1,
  },
  {
    placeholder: 'PASSWORD_POLICY_UPPERCASE',
    parameter: { minUpperCase: '1' },
    holds: (password) => count(password, isUpper) >= 1,
  },
  {
    placeholder: 'PASSWORD_POLICY_DIGIT',
    parameter: { minDigit: '1' },
    holds: (password) => count(password, (c) => /\p{Nd}/u.test(c)) >= 1,
  },
  {
    placeholder: 'PASSWORD_POLICY_SPECIAL',
    parameter: { minSpecial: '1' },
    holds: (password) => count(password, (c) => SPECIAL.includes(c)) >= 1,
  },
];

export function passwordPolicy(): PasswordPolicyRule[] {
  return RULES.map(({ placeholder, parameter }) => ({ placeholder, parameter }));
}

export function checkPasswordAgainstPolicy(password: string, owner: PasswordOwner | null): PasswordPolicyResult {
  const fulfilled: PasswordPolicyResult['rules'] = [];
  const violated: PasswordPolicyResult['rules'] = [];
  for (const { placeholder, parameter, holds } of RULES) {
    const valid = holds(password, owner);
    (valid ? fulfilled : violated).push({ placeholder, parameter, valid });
  }
  return { rules: [...fulfilled, ...violated], valid: violated.length === 0 };
}
