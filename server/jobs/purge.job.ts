/**
 * Hourly: deletes what the shop no longer needs (expired-data.ts), then refreshes the embedded database's planner
 * statistics.
 */
import { analyzeEmbeddedDatabase, purgeExpiredData } from '../modules/maintenance/expired-data';
import { defineJob } from './job-queue';

export const purgeJob = defineJob({
  name: 'purge-expired-data',
  // As the reservation sweep's (reservation-expiry.job.ts): one run at a time, the next hour's redoes a failed one.
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
  schedule: { cron: '0 * * * *', tickSeconds: 60 * 60 },
  async run(app) {
    const purged = await purgeExpiredData(app.db);
    // Counts only: the rows themselves (codes, token hashes, mail) never go to the log.
    if (Object.values(purged).some((count) => count > 0)) app.log.info({ purged }, 'purged expired codes, sessions and old mail');
    await analyzeEmbeddedDatabase(app);
  },
});
