/**
 * The PostgreSQL extensions the shop's migrations create (0022: search), which PGlite loads only when they are given
 * to its constructor. Every place that opens the embedded database passes these, so that its indexes' functions work.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

export const pgliteExtensions = { pg_trgm, unaccent };
