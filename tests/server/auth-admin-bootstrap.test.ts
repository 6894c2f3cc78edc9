import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { verifyAccessToken } from '../../server/modules/auth/access-token';
import { bootstrapAdmin } from '../../server/modules/auth/auth.service';
import { buildTestApp } from './helpers/app';
import { aUser } from './helpers/auth';

const admin = { email: 'Owner@Petals.test', password: 'Admin@2024' };

describe('admin account from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates a verified admin at start that signs in with trueUser and an admin token', async () => {
    const app = await buildTestApp({ admin });
    try {
      const [row] = await app.db.select().from(users).where(eq(users.email, 'owner@petals.test'));
      expect(row).toMatchObject({ role: 'admin', emailVerifiedAt: expect.any(Date) });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

      const res = await app.inject({ method: 'POST', url: '/api/loginapi', payload: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().trueUser).toBe(true);
      expect(verifyAccessToken(res.json().authorization, app.config.jwtSecret)).toMatchObject({ role: 'admin' });
    } finally {
      await app.close();
    }
  });

  it('updates an existing account: promoted to admin with the configured password', async () => {
    const app = await buildTestApp();
    try {
      const existing = await aUser(app, { email: 'owner@petals.test', verified: false });
      expect(await bootstrapAdmin(app.db, admin)).toBe('updated');
      const [row] = await app.db.select().from(users).where(eq(users.id, existing.id));
      expect(row).toMatchObject({ role: 'admin', emailVerifiedAt: expect.any(Date), externalId: existing.externalId });
      const old = await app.inject({ method: 'POST', url: '/api/loginapi', payload: { email: existing.email, password: existing.password } });
      expect(old.statusCode).toBe(401);
      const res = await app.inject({ method: 'POST', url: '/api/loginapi', payload: admin });
      expect(res.json().trueUser).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with a password that breaks the password rule, saying why', async () => {
    await expect(buildTestApp({ admin: { email: 'owner@petals.test', password: 'password123' } })).rejects.toThrow(
      /ADMIN_PASSWORD does not satisfy the password rule/,
    );
  });
});
