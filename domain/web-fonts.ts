// A page holds its fonts' @font-face rules back in an inert <template> until its largest picture has painted
// (src/start-app.ts), so that a first visit's fonts never compete with that picture. The cookie says this browser has
// loaded them before, from where its cache now serves them: the server then sends the rules live (server/modules/web).

/** The id of the <template> that holds the rules. */
export const webFontsTemplateId = 'web-fonts';

/** Set by the browser once the fonts have loaded. */
export const webFontsCookie = 'fonts_cached';

/** As long as the fonts' files are cached (a year, immutable); a new build's fonts are simply fetched again. */
export const webFontsCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
