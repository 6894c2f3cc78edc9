// The shop's public identity and contact details (GET /api/shop), parsed at the edge.
import { shopInfo } from '../../domain/shop';
import type { ShopInfo } from '../../domain/shop';
import { api } from './client';

export const readShopInfo = (reply: unknown): ShopInfo => shopInfo.parse(reply);

export async function getShopInfo(): Promise<ShopInfo> {
  return readShopInfo(await api.get('shop').json());
}
