// The admin passwords the docs give as examples must start the shop: a copied example that breaks the password rule
// stops the server at start (server/modules/auth/auth.service.ts, bootstrapAdmin).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { authMessages, newPassword } from '../../domain/auth';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** `ADMIN_PASSWORD='…'` in a command, and the example column of operations.md's `ADMIN_EMAIL`, `ADMIN_PASSWORD` row. */
function documentedAdminPasswords(text: string): string[] {
  const inCommands = [...text.matchAll(/ADMIN_PASSWORD='([^']*)'/g)].map((match) => match[1]!);
  const inTables = [...text.matchAll(/^\| `ADMIN_EMAIL`, `ADMIN_PASSWORD` \| [^|]* \| `[^`]*`, `([^`]*)` \|/gm)].map(
    (match) => match[1]!,
  );
  return [...inCommands, ...inTables];
}

describe('the admin passwords the docs give as examples', () => {
  for (const path of ['README.md', 'docs/operations.md']) {
    it(`satisfy the password rule in ${path}`, () => {
      const examples = documentedAdminPasswords(read(path));
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        expect(newPassword(authMessages.passwordRuleLong).safeParse(example).success, example).toBe(true);
      }
    });
  }
});
