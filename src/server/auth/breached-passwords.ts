// OWASP ASVS 2.1.7 / NIST 800-63B: a new password is refused when it is one of the most common
// passwords of public breaches (docs/decisions/078-account-security-per-asvs.md). The list ships with
// the server (./breached-passwords-list.ts) and is read into a Set on the first check only, so
// the commands that never check a password do not pay for it.
import { BREACHED_PASSWORDS_TEXT, SPANISH_COMMON_PASSWORDS_TEXT } from './breached-passwords-list';

let breached: Set<string> | undefined;

function breachedSet(): Set<string> {
  if (!breached) {
    breached = new Set();
    for (const text of [BREACHED_PASSWORDS_TEXT, SPANISH_COMMON_PASSWORDS_TEXT]) {
      for (const line of text.split('\n')) if (line) breached.add(line);
    }
  }
  return breached;
}

/** The form a password is compared in: the list is lowercase, and spaces around are typos. */
const comparable = (password: string) => password.trim().toLowerCase();

/** Whether `password` is one of the common breached ones, whatever its case or outer spaces. */
export const isBreachedPassword = (password: string): boolean =>
  breachedSet().has(comparable(password));
