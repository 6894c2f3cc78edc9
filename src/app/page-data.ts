// The API replies the server embedded in this page (domain/page-data.ts): the first render of a catalogue page shows
// its products at once instead of a skeleton, then the API round trip. Each reply serves one mount only: a later
// visit to the same page asks the API again, so it never shows data older than the page.
import { pageDataElementId } from '../../domain/page-data';
import type { PageReplies } from '../../domain/page-data';

function readEmbedded(): PageReplies {
  const element = typeof document === 'undefined' ? null : document.getElementById(pageDataElementId);
  if (!element?.textContent) return {};
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    return parsed && typeof parsed === 'object' ? (parsed as PageReplies) : {};
  } catch {
    // A page without usable data still works: every screen can ask the API itself.
    return {};
  }
}

// Read at the first question, by then the whole document has been parsed.
let replies: PageReplies | undefined;

/** The embedded reply for `key`, or undefined. Reading does not use it up (renders may repeat). */
function pageReply(key: string): unknown {
  replies ??= readEmbedded();
  return Object.hasOwn(replies, key) ? replies[key] : undefined;
}

/** The embedded reply for `key` as `read` makes it; undefined when there is none, or when it breaks the contract
 * (`read` throws): the caller then asks the API as if none had come. */
export function readPageReply<T>(key: string, read: (reply: unknown) => T): T | undefined {
  const reply = pageReply(key);
  if (reply === undefined) return undefined;
  try {
    return read(reply);
  } catch {
    return undefined;
  }
}

/**
 * Renders on the server with `pageReplies` as the page's embedded replies, the very ones it will carry: the browser's
 * first render then reads the same data and draws the same HTML (hydration). Renders are synchronous, so one page's
 * replies never leak into another's.
 */
export function withPageReplies<T>(pageReplies: PageReplies, render: () => T): T {
  replies = { ...pageReplies };
  try {
    return render();
  } finally {
    replies = undefined;
  }
}

/** Called once the reply is on screen: later mounts ask the API. */
export function spendPageReply(key: string): void {
  if (replies) delete replies[key];
}
