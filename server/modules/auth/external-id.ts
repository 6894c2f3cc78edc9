// Public ids of users: random, so that nothing sequential (how many customers, who signed up next) is ever exposed.
import { randomBytes } from 'node:crypto';

export function newUserExternalId(): string {
  return `usr_${randomBytes(12).toString('base64url')}`;
}
