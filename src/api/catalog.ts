// Catalogue and images (SPEC.md §7): one function per endpoint, each reply parsed with the domain/ contract so a
// contract break fails here, not deep in a view. The same readers parse the replies a page arrives with
// (src/app/page-data.ts).
import { allFlowersReply, categoryHeaderReply, flowerDetailReply } from '../../domain/catalog';
import type { AllFlowersReply, FlowerDetail, HeaderCategory } from '../../domain/catalog';
import { api } from './client';

export const readAllFlowers = (reply: unknown): AllFlowersReply['products'] => allFlowersReply.parse(reply).products;
export const readCategoryHeader = (reply: unknown): HeaderCategory[] => categoryHeaderReply.parse(reply).body;
export const readFlowerDetail = (reply: unknown): FlowerDetail => flowerDetailReply.parse(reply).flowerDetail;

/** `GET allflowers[?category_name=]`: the whole catalogue (home page) or one category. */
export async function getAllFlowers(categoryName?: string): Promise<AllFlowersReply['products']> {
  const searchParams = categoryName ? { category_name: categoryName } : undefined;
  return readAllFlowers(await api.get('allflowers', { searchParams }).json());
}

/** `GET categoryheader`: categories with their sub-category names, for the header menu. */
export async function getCategoryHeader(): Promise<HeaderCategory[]> {
  return readCategoryHeader(await api.get('categoryheader').json());
}

/** `GET flowerdetail/{flower_ext_id}`. A 404 rejects with ky's HTTPError (response.status 404). */
export async function getFlowerDetail(flowerExtId: string): Promise<FlowerDetail> {
  return readFlowerDetail(await api.get(`flowerdetail/${encodeURIComponent(flowerExtId)}`).json());
}
