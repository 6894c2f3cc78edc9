// The shop's public identity and contact details (GET /api/shop), parsed at the edge.
import { shopInfo } from '../../domain/shop';
import type { ShopInfo } from '../../domain/shop';
import { api } from './client';

export async function getShopInfo(): Promise<ShopInfo> {
  return shopInfo.parse(await api.get('shop').json());
}
