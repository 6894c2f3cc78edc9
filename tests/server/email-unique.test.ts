// One account per e-mail address in any case (issue 39): the database refuses a second one, and migration 0008
// resolves clashes that older data may hold, saying which accounts it renamed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../server/db/schema';
import { buildTestApp } from './helpers/app';

const migration = readFileSync(
  fileURLToPath(new URL('../../server/db/migrations/0008_email_unique_in_any_case.sql', import.meta.url)),
  'utf8',
).split('--> statement-breakpoint');

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('one account per e-mail address, in any case', () => {
  it('refuses the same address in another case, however the row is written', async () => {
    await app.db.insert(users).values({ externalId: 'u-meera', email: 'meera@example.in' });
    await expect(app.db.insert(users).values({ externalId: 'u-meera-2', email: 'Meera@Example.IN' })).rejects.toThrow();
  });

  it('migration 0008 leaves the address to the account with a password, renames the others and says so', async () => {
    await app.database.pool.query('drop index users_email_lower_unique');
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    await app.db.insert(users).values([
      { externalId: 'u-guest', email: 'Ravi@Example.in', createdAt: at(1) },
      { externalId: 'u-registered', email: 'ravi@example.in', passwordHash: 'argon2-hash', createdAt: at(3) },
      { externalId: 'u-verified', email: 'RAVI@example.in', emailVerifiedAt: at(2), createdAt: at(2) },
      { externalId: 'u-solo', email: 'Solo@Example.in', createdAt: at(1) },
    ]);
    const warnings: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warnings.push(String(line)));
    try {
      for (const statement of migration) await app.database.pool.query(statement);
    } finally {
      warn.mockRestore();
    }

    const rows = await app.db
      .select({ id: users.id, externalId: users.externalId, email: users.email })
      .from(users)
      .where(inArray(users.externalId, ['u-guest', 'u-registered', 'u-verified', 'u-solo']));
    const byName = Object.fromEntries(rows.map((row) => [row.externalId, row]));
    expect(byName['u-registered']!.email).toBe('ravi@example.in');
    expect(byName['u-verified']!.email).toBe(`ravi+duplicate-${byName['u-verified']!.id}@example.in`);
    expect(byName['u-guest']!.email).toBe(`ravi+duplicate-${byName['u-guest']!.id}@example.in`);
    expect(byName['u-solo']!.email).toBe('solo@example.in');
    const reported = warnings.filter((line) => line.includes('renamed to'));
    expect(reported).toHaveLength(2);
    expect(reported.join('\n')).toContain(`account ${byName['u-guest']!.id} shared the e-mail Ravi@Example.in`);

    await expect(app.db.insert(users).values({ externalId: 'u-solo-2', email: 'SOLO@example.in' })).rejects.toThrow();
  });
});
