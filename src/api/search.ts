// Search (issue 42): one function per endpoint, each reply parsed with the domain/ contract.
import { searchFlowersReply, searchParamsOf, searchSuggestionsReply } from '../../domain/search';
import type { SearchCriteria, SearchFlowersReply, SearchSuggestion } from '../../domain/search';
import { api } from './client';

/** `GET searchflowers?q=&…`: one page of results. */
export async function searchFlowers(criteria: SearchCriteria, signal?: AbortSignal): Promise<SearchFlowersReply> {
  return searchFlowersReply.parse(await api.get('searchflowers', { searchParams: searchParamsOf(criteria), signal }).json());
}

/** `GET searchsuggestions?q=`: the header box's few best matches. */
export async function searchSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  return searchSuggestionsReply.parse(await api.get('searchsuggestions', { searchParams: { q }, signal }).json()).suggestions;
}
