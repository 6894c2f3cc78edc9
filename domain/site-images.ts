import { z } from 'zod/mini';

/** The four admin-managed site images of SPEC.md §7 `heroimage`. */
export const siteImageSlots = ['topbannerimg', 'topbannermobileimg', 'bottombannerimg', 'bottombannermobileimg'] as const;
export const siteImageSlot = z.enum(siteImageSlots);
export type SiteImageSlot = z.infer<typeof siteImageSlot>;

/** The home page's hero: its largest picture, drawn by src/features/catalog/home-hero.tsx and preloaded by the server. */
export const heroPicture = { mobile: 'topbannermobileimg', desktop: 'topbannerimg' } as const satisfies Record<string, SiteImageSlot>;

/** From Chakra's md breakpoint up a banner shows its desktop picture (site-picture.tsx, and the hero's preload). */
export const desktopPictureMedia = '(min-width: 48em)';

/** `heroimage?image={slot}`, under the API's base. */
export const siteImagePath = (slot: SiteImageSlot) => `heroimage?image=${encodeURIComponent(slot)}`;
