// Catalogue and images (SPEC.md §7): one function per endpoint, each reply parsed with the domain/ contract so a
// contract break fails here, not deep in a view.
import { allFlowersReply, categoryHeaderReply, flowerDetailReply } from '../../domain/catalog';
import type { AllFlowersReply, FlowerDetail, HeaderCategory } from '../../domain/catalog';
import { api } from './client';

/** `GET allflowers[?category_name=]`: the whole catalogue (home page) or one category. */
export async function getAllFlowers(categoryName?: string): Promise<AllFlowersReply['products']> {
  const searchParams = categoryName ? { category_name: categoryName } : undefined;
  return allFlowersReply.parse(await api.get('allflowers', { searchParams }).json()).products;
}

/** `GET categoryheader`: categories with their sub-category names, for the header menu. */
export async function getCategoryHeader(): Promise<HeaderCategory[]> {
  return categoryHeaderReply.parse(await api.get('categoryheader').json()).body;
}

/** `GET flowerdetail/{flower_ext_id}`. A 404 rejects with ky's HTTPError (response.status 404). */
export async function getFlowerDetail(flowerExtId: string): Promise<FlowerDetail> {
  return flowerDetailReply.parse(await api.get(`flowerdetail/${encodeURIComponent(flowerExtId)}`).json()).flowerDetail;
}
