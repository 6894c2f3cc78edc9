/**
 * One look for every mail the shop sends (contact, one-time codes, orders): a heading, paragraphs, optional
 * label/value details and links, and the shop's contact footer, as plain text and as simple inline-styled HTML.
 * Everything given is escaped here.
 */
import type { ShopConfig } from '../../config';

/** A link: an <a> in HTML, "text: href" in text. */
export interface MailLink {
  text: string;
  href: string;
}

export interface MailContent {
  heading: string;
  paragraphs: string[];
  /** Shown as a small table in HTML and as "Label: value" lines in text; a link value is clickable. */
  details?: [label: string, value: string | MailLink][];
  /** A prominent value such as a one-time code. */
  highlight?: string;
  /** Shown after the details, one per line. */
  links?: MailLink[];
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function composeMail(shop: ShopConfig, content: MailContent): { text: string; html: string } {
  const details = content.details ?? [];
  const links = content.links ?? [];
  const footer = `${shop.name} · ${shop.address} · ${shop.email} · ${shop.phone}`;

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.highlight ? [content.highlight, ''] : []),
    ...details.map(([label, value]) => `${label}: ${typeof value === 'string' ? value : linkText(value)}`),
    ...(details.length ? [''] : []),
    ...links.map(linkText),
    ...(links.length ? [''] : []),
    '—',
    footer,
  ].join('\n');

  const paragraph = (p: string) =>
    `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const row = ([label, value]: [string, string | MailLink]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#555;font-weight:600;vertical-align:top">${escapeHtml(label)}</th>` +
    `<td style="padding:4px 0;white-space:pre-wrap">${typeof value === 'string' ? escapeHtml(value) : anchor(value)}</td></tr>`;
  const html = `<!doctype html>
<html><body style="margin:0;background:#FBF7F2;font-family:Arial,Helvetica,sans-serif;color:#2B2B2B">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="margin:0 0 20px;font-family:Georgia,serif;font-size:22px;color:#1F4D3A">${escapeHtml(shop.name)}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#1F4D3A">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraph).join('\n')}
${content.highlight ? `<p style="margin:16px 0;font-size:28px;letter-spacing:4px;font-weight:700;color:#1F4D3A">${escapeHtml(content.highlight)}</p>` : ''}
${details.length ? `<table style="border-collapse:collapse;font-size:14px">${details.map(row).join('')}</table>` : ''}
${links.map((link) => `<p style="margin:16px 0 0">${anchor(link)}</p>`).join('\n')}
</div>
<p style="margin:16px 0 0;font-size:12px;color:#666">${escapeHtml(footer)}</p>
</div></body></html>`;

  return { text, html };
}

const linkText = (link: MailLink) => (link.text === link.href ? link.href : `${link.text}: ${link.href}`);

const anchor = (link: MailLink) =>
  `<a href="${escapeHtml(link.href)}" style="color:#1F4D3A;font-weight:600">${escapeHtml(link.text)}</a>`;
