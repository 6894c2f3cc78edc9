-- One account per e-mail address in any case. The API has always stored addresses lower-cased, but a row written
-- another way could hold the same address twice. Of each such group the account with a password, then a verified
-- one, then the oldest keeps the address; every other one is renamed to <local>+duplicate-<id>@<domain> (its orders
-- stay with it) and reported as a warning, which the server logs. Then every address is stored lower-cased.
DO $$
DECLARE
  clash record;
  renamed text;
BEGIN
  FOR clash IN
    SELECT id, email, lower(email) AS address,
      row_number() OVER (
        PARTITION BY lower(email)
        ORDER BY (password_hash IS NOT NULL) DESC, (email_verified_at IS NOT NULL) DESC, created_at, id
      ) AS rank
    FROM users
    WHERE lower(email) IN (SELECT lower(email) FROM users GROUP BY lower(email) HAVING count(*) > 1)
  LOOP
    IF clash.rank > 1 THEN
      renamed := split_part(clash.address, '@', 1) || '+duplicate-' || clash.id || '@' || split_part(clash.address, '@', 2);
      UPDATE users SET email = renamed WHERE id = clash.id;
      RAISE WARNING 'account % shared the e-mail % with another account (in another case): renamed to %', clash.id, clash.email, renamed;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
UPDATE "users" SET "email" = lower("email") WHERE "email" <> lower("email");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));
