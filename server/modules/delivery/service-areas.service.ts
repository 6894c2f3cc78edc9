/**
 * Service areas for hand delivery (issue 40) and the one question checkout and the product page ask of them:
 * `deliveryReach(db, pincode)`, how (and for what extra fee) the shop can deliver to a pincode.
 */
import { asc, eq } from 'drizzle-orm';
import {
  formatPincodeRanges,
  parsePincodeRanges,
  rangesInclude,
  serviceAreaTexts,
  type DeliveryReach,
  type ServiceArea,
  type ServiceAreaRequest,
} from '../../../domain/service-area';
import { pincodeMessages } from '../../../domain/pincode';
import type { Database, Transaction } from '../../db/client';
import { deliveryAreas } from '../../db/schema';
import { Conflict, NotFound } from '../../errors';
import { isUniqueViolation } from '../admin/admin-catalog.service';
import { cachedCatalog, cachedDataChanged } from '../catalog/catalog.cache';
import { findPincode } from './pincode-directory';

type Row = typeof deliveryAreas.$inferSelect;

const toArea = (row: Row): ServiceArea => ({
  id: row.id,
  name: row.name,
  pincodes: row.pincodes,
  extraFeePaise: row.extraFeePaise,
  active: row.active,
});

/** The request as stored: the name trimmed, the pincodes in their canonical spelling (the schema has checked them). */
const toColumns = (request: ServiceAreaRequest) => ({
  name: request.name,
  pincodes: formatPincodeRanges(parsePincodeRanges(request.pincodes) ?? []),
  extraFeePaise: request.extraFeePaise,
  active: request.active,
});

async function named<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(serviceAreaTexts.nameTaken);
    throw error;
  }
}

export async function listServiceAreas(db: Database | Transaction): Promise<ServiceArea[]> {
  const rows = await db.select().from(deliveryAreas).orderBy(asc(deliveryAreas.name), asc(deliveryAreas.id));
  return rows.map(toArea);
}

/** Stores a new area; in a transaction (the demo seed) the caller tells the cache once it commits. */
export async function insertServiceArea(db: Database | Transaction, request: ServiceAreaRequest): Promise<ServiceArea> {
  const [row] = await named(() => db.insert(deliveryAreas).values(toColumns(request)).returning());
  if (!row) throw new Error('The delivery area was not stored');
  return toArea(row);
}

export async function createServiceArea(db: Database, request: ServiceAreaRequest): Promise<ServiceArea> {
  const area = await insertServiceArea(db, request);
  await cachedDataChanged(db);
  return area;
}

export async function updateServiceArea(db: Database, id: number, request: ServiceAreaRequest): Promise<ServiceArea> {
  const [row] = await named(() =>
    db.update(deliveryAreas).set({ ...toColumns(request), updatedAt: new Date() }).where(eq(deliveryAreas.id, id)).returning(),
  );
  if (!row) throw new NotFound(serviceAreaTexts.notFound);
  await cachedDataChanged(db);
  return toArea(row);
}

export async function deleteServiceArea(db: Database, id: number): Promise<void> {
  const [row] = await db.delete(deliveryAreas).where(eq(deliveryAreas.id, id)).returning({ id: deliveryAreas.id });
  if (!row) throw new NotFound(serviceAreaTexts.notFound);
  await cachedDataChanged(db);
}

/**
 * Whether the shop reaches a pincode: by courier wherever the directory knows it, and by hand inside an active
 * service area (the cheapest one when areas overlap). An unknown pincode is a 404 with the directory's message.
 */
export async function deliveryReach(db: Database, pincode: string): Promise<DeliveryReach> {
  const entry = findPincode(pincode);
  if (!entry) throw new NotFound(pincodeMessages.unknown(pincode));
  // Through the catalogue's cache, as the delivery settings (schedule.service.ts): areas change only by an admin's save.
  const { value: areas } = await cachedCatalog(db, 'delivery-areas', async () => {
    const rows = await db
      .select({ name: deliveryAreas.name, pincodes: deliveryAreas.pincodes, extraFeePaise: deliveryAreas.extraFeePaise })
      .from(deliveryAreas)
      .where(eq(deliveryAreas.active, true))
      .orderBy(asc(deliveryAreas.extraFeePaise), asc(deliveryAreas.id));
    return rows.map(({ name, pincodes, extraFeePaise }) => ({ name, extraFeePaise, ranges: parsePincodeRanges(pincodes) ?? [] }));
  });
  const area = areas.find((candidate) => rangesInclude(candidate.ranges, pincode));
  return { pincode: entry, hand: area ? { area: area.name, extraFeePaise: area.extraFeePaise } : null, courier: true };
}

/** The demo's hand-delivery areas: Chennai and Bengaluru free, Mumbai for an extra Rs. 99. */
export const demoServiceAreas: ServiceAreaRequest[] = [
  { name: 'Chennai', pincodes: '600001-600042, 600078-600118', extraFeePaise: 0, active: true },
  { name: 'Bengaluru', pincodes: '560001-560103', extraFeePaise: 0, active: true },
  { name: 'Mumbai', pincodes: '400001-400104', extraFeePaise: 9900, active: true },
];
