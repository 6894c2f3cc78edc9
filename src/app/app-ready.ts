/**
 * The page's first script (src/start-app.ts) holds the taps on a drawn page's buttons until the app has taken the
 * page over; the app says so with this event, once, after its first commit.
 */
export const appReadyEvent = 'shop:app-ready';

export function announceAppReady(): void {
  window.dispatchEvent(new Event(appReadyEvent));
}
