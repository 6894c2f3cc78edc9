import { z } from 'zod/mini';

/** The four admin-managed site images of SPEC.md §7 `heroimage`. */
export const siteImageSlots = ['topbannerimg', 'topbannermobileimg', 'bottombannerimg', 'bottombannermobileimg'] as const;
export const siteImageSlot = z.enum(siteImageSlots);
export type SiteImageSlot = z.infer<typeof siteImageSlot>;
