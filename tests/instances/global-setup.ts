/** Builds the bundle the instances run (`npm start`'s build) unless it is current; nothing when the suite cannot run. */
import { buildIfStale } from '../../scripts/build-if-stale';
import { whyNoCluster } from './cluster';

export default async function setup(): Promise<void> {
  if (await whyNoCluster()) return;
  buildIfStale();
}
