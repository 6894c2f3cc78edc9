// Add-ons (issue 42): "Make it special"'s list, parsed with the domain/ contract.
import { addonsReply } from '../../domain/addons';
import type { Addon } from '../../domain/addons';
import { api } from './client';

/** `GET addons`: the live, in-stock add-ons. */
export async function getAddons(signal?: AbortSignal): Promise<Addon[]> {
  return addonsReply.parse(await api.get('addons', { signal }).json()).addons;
}
