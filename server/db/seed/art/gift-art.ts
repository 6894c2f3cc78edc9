/**
 * The add-ons' pictures (issue 42): a cake, a box of chocolates, a glass vase, a greeting card and a teddy bear, each
 * standing on the same studio set as the flowers (a paper wall, an arch or a sun disc, a table top and a contact
 * shadow) and lit the same way, from the upper left, so that they sit beside the bouquets as one catalogue.
 */
import { tableY } from './arrangement';
import { arch, disc, shadow, wall } from './backdrop';
import { createRandom } from './prng';
import type { Random } from './prng';
import { darken, Defs, lighten, n } from './svg';

export type GiftKind = 'cake' | 'chocolates' | 'vase' | 'card' | 'teddy';

export interface GiftArtOptions {
  gift: GiftKind;
  /** Usually the item code: the same seed always paints the same picture. */
  seed: string;
}

/** Soft wall tones that suit the gifts, one picked per picture. */
const giftWalls: Record<GiftKind, readonly string[]> = {
  cake: ['#E8C9B0', '#EBD3C2', '#E3C4B8'],
  chocolates: ['#E6C7B5', '#E9D2BD', '#DCC0B0'],
  vase: ['#CFE0DA', '#D8E4DE', '#DDE3EA'],
  card: ['#EBD9C9', '#E9CFD3', '#E2D5E6'],
  teddy: ['#E9D6C0', '#E6D2D8', '#DDE2CF'],
};

export function giftSvg(options: GiftArtOptions, pixels = 960): string {
  const r = createRandom(options.seed);
  const d = new Defs();
  const tone = r.pick(giftWalls[options.gift]);
  let body = wall(d, r, tone, 1000, 1000, tableY);
  if (r.next() < 0.5) body += arch(d, tone, 500, r.range(150, 190), r.range(560, 640), tableY);
  else body += disc(d, tone, 500 + r.range(-30, 30), r.range(420, 460), r.range(300, 340));
  body += painters[options.gift](d, r);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 1000 1000">${d.toString()}${body}</svg>`;
}

/** Side-lit from the upper left, as the vases are: light on the left third, a core shadow on the right. */
function sideLit(d: Defs, color: string): string {
  return d.linear(
    [
      { offset: 0, color: darken(color, 0.12) },
      { offset: 0.28, color: lighten(color, 0.2) },
      { offset: 0.55, color },
      { offset: 1, color: darken(color, 0.35) },
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
}

function roundFill(d: Defs, color: string): string {
  return d.radial(
    [
      { offset: 0, color: lighten(color, 0.35) },
      { offset: 0.6, color },
      { offset: 1, color: darken(color, 0.3) },
    ],
    { cx: 0.38, cy: 0.35, r: 0.7 },
  );
}

const painters: Record<GiftKind, (d: Defs, r: Random) => string> = {
  cake(d, r) {
    const sponge = '#5A3222';
    const ganache = '#3B1E14';
    const top = 560;
    const half = 250;
    let out = shadow(d, 500, tableY, 330);
    // The stand: a foot and a plate.
    out += `<path d="M440 ${tableY}L460 ${tableY - 90}L540 ${tableY - 90}L560 ${tableY}Z" fill="${sideLit(d, '#F4EEE6')}"/>`;
    out += `<ellipse cx="500" cy="${tableY - 95}" rx="330" ry="38" fill="${sideLit(d, '#F7F2EB')}"/>`;
    out += `<ellipse cx="500" cy="${tableY - 102}" rx="322" ry="30" fill="${lighten('#F7F2EB', 0.3)}"/>`;
    // The cake's side and top, the ganache running down in drips.
    const base = tableY - 110;
    out += `<path d="M${500 - half} ${top}L${500 - half} ${base}A${half} 40 0 0 0 ${500 + half} ${base}L${500 + half} ${top}Z" fill="${sideLit(d, sponge)}"/>`;
    let drips = `M${500 - half} ${top}`;
    for (let x = 500 - half; x < 500 + half; x += 36) {
      const depth = r.range(40, 110);
      drips += `L${n(x + 6)} ${n(top + 20)}Q${n(x + 12)} ${n(top + depth)} ${n(x + 18)} ${n(top + depth)}Q${n(x + 24)} ${n(top + depth)} ${n(x + 30)} ${n(top + 20)}`;
    }
    drips += `L${500 + half} ${top}Z`;
    out += `<path d="${drips}" fill="${sideLit(d, ganache)}"/>`;
    out += `<ellipse cx="500" cy="${top}" rx="${half}" ry="44" fill="${roundFill(d, '#4A2618')}"/>`;
    // Truffles and a few cherries round the rim, a chocolate curl in the middle.
    for (let i = 0; i < 9; i += 1) {
      const angle = (Math.PI * 2 * i) / 9 + 0.2;
      const x = 500 + Math.cos(angle) * 200;
      const y = top + Math.sin(angle) * 30 - 16;
      const cherry = i % 3 === 0;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${cherry ? 20 : 24}" fill="${roundFill(d, cherry ? '#B5162F' : '#6B3A26')}"/>`;
      if (cherry) out += `<path d="M${n(x)} ${n(y - 18)}q${n(r.range(6, 14))} -30 ${n(r.range(18, 26))} -40" stroke="#3F6B3A" stroke-width="4" fill="none"/>`;
    }
    out += `<path d="M450 ${top - 20}c20 -60 80 -60 100 0c-20 -30 -80 -30 -100 0Z" fill="${sideLit(d, '#E9D9C3')}"/>`;
    return out;
  },

  chocolates(d, r) {
    const box = '#7A1F2B';
    const left = 230;
    const right = 770;
    const front = tableY - 30;
    const back = front - 150;
    let out = shadow(d, 500, tableY - 10, 320);
    // The lid leans behind the box.
    out += `<path d="M${left + 20} ${back}L${left + 60} ${back - 330}L${right - 60} ${back - 330}L${right - 20} ${back}Z" fill="${sideLit(d, box)}"/>`;
    out += `<path d="M${left + 70} ${back - 60}L${left + 90} ${back - 280}L${right - 90} ${back - 280}L${right - 70} ${back - 60}Z" fill="none" stroke="#D9B45A" stroke-width="6"/>`;
    out += `<path d="M500 ${back - 330}L500 ${back}" stroke="#D9B45A" stroke-width="18"/>`;
    // The open tray, seen from above and in front, with three rows of chocolates in gold cups.
    out += `<path d="M${left} ${back}L${right} ${back}L${right + 20} ${front}L${left - 20} ${front}Z" fill="${darken(box, 0.25)}"/>`;
    out += `<path d="M${left - 20} ${front}L${right + 20} ${front}L${right + 20} ${front + 30}L${left - 20} ${front + 30}Z" fill="${sideLit(d, box)}"/>`;
    const kinds = ['#3B1E14', '#6B3A26', '#F1E6D2', '#8A4B2E'];
    for (let row = 0; row < 3; row += 1) {
      const y = back + 28 + row * 48;
      const spread = (right - left) + row * 14;
      for (let col = 0; col < 6; col += 1) {
        const x = 500 - spread / 2 + (spread / 6) * (col + 0.5);
        const color = r.pick(kinds);
        out += `<ellipse cx="${n(x)}" cy="${n(y + 12)}" rx="36" ry="16" fill="#C9A227"/>`;
        out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="30" ry="22" fill="${roundFill(d, color)}"/>`;
        if (r.chance(0.5)) out += `<path d="M${n(x - 14)} ${n(y - 4)}q14 -10 28 0" stroke="${lighten(color, 0.5)}" stroke-width="3" fill="none"/>`;
      }
    }
    // A gold bow on the front corner.
    out += `<path d="M${right - 40} ${front + 10}c-60 -40 -60 30 0 0c60 -40 60 30 0 0Z" fill="${sideLit(d, '#D9B45A')}"/>`;
    return out;
  },

  vase(d, r) {
    const glass = '#BFD9D2';
    const height = r.range(470, 520);
    const mouth = tableY - height;
    let out = shadow(d, 500, tableY, 160);
    const body = d.linear(
      [
        { offset: 0, color: lighten(glass, 0.1), opacity: 0.55 },
        { offset: 0.25, color: '#ffffff', opacity: 0.75 },
        { offset: 0.5, color: glass, opacity: 0.35 },
        { offset: 1, color: darken(glass, 0.35), opacity: 0.6 },
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    );
    // A tall cylinder with a flared lip, water in its lower half and the stems' absence: a vase waiting for flowers.
    out += `<path d="M390 ${n(mouth)}Q420 ${n(mouth + 40)} 410 ${n(mouth + 90)}L410 ${tableY - 16}Q500 ${tableY + 10} 590 ${tableY - 16}L590 ${n(mouth + 90)}Q580 ${n(mouth + 40)} 610 ${n(mouth)}Z" fill="${body}" stroke="${darken(glass, 0.3)}" stroke-opacity=".5" stroke-width="3"/>`;
    const water = mouth + height * 0.45;
    out += `<path d="M412 ${n(water)}L412 ${tableY - 18}Q500 ${tableY + 6} 588 ${tableY - 18}L588 ${n(water)}Z" fill="${glass}" fill-opacity=".45"/>`;
    out += `<ellipse cx="500" cy="${n(water)}" rx="88" ry="12" fill="${lighten(glass, 0.4)}" fill-opacity=".8"/>`;
    out += `<ellipse cx="500" cy="${n(mouth)}" rx="110" ry="16" fill="none" stroke="${darken(glass, 0.2)}" stroke-width="4" stroke-opacity=".7"/>`;
    out += `<path d="M430 ${n(mouth + 70)}L430 ${tableY - 40}" stroke="#ffffff" stroke-opacity=".8" stroke-width="10" stroke-linecap="round"/>`;
    out += `<path d="M452 ${n(mouth + 90)}L452 ${n(mouth + 200)}" stroke="#ffffff" stroke-opacity=".6" stroke-width="5" stroke-linecap="round"/>`;
    return out;
  },

  card(d, r) {
    const paper = '#FBF5EC';
    let out = shadow(d, 520, tableY, 260);
    // The envelope lies in front; the folded card stands behind it, its front painted with a sprig.
    out += `<path d="M300 ${tableY - 560}L640 ${tableY - 600}L660 ${tableY - 40}L320 ${tableY - 20}Z" fill="${sideLit(d, paper)}" stroke="${darken(paper, 0.15)}" stroke-width="2"/>`;
    out += `<path d="M640 ${tableY - 600}L720 ${tableY - 560}L730 ${tableY - 60}L660 ${tableY - 40}Z" fill="${darken(paper, 0.12)}"/>`;
    const colors = ['#D98C8C', '#E56F95', '#B79AD8', '#EE7A63'];
    for (let i = 0; i < 5; i += 1) {
      const x = 430 + r.range(-40, 110);
      const y = tableY - 470 + r.range(0, 200);
      out += `<path d="M480 ${tableY - 180}Q${n((x + 480) / 2 - 20)} ${n((y + tableY - 180) / 2)} ${n(x)} ${n(y)}" stroke="#5C7F56" stroke-width="5" fill="none"/>`;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r.range(26, 38))}" fill="${roundFill(d, r.pick(colors))}"/>`;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="8" fill="#C9A227"/>`;
    }
    out += `<path d="M400 ${tableY - 140}Q480 ${tableY - 160} 560 ${tableY - 150}" stroke="#8A5A44" stroke-width="6" fill="none" stroke-linecap="round"/>`;
    const envelope = '#E8C39E';
    out += `<path d="M230 ${tableY - 150}L720 ${tableY - 170}L740 ${tableY + 20}L250 ${tableY + 40}Z" fill="${sideLit(d, envelope)}"/>`;
    out += `<path d="M230 ${tableY - 150}L490 ${tableY - 40}L720 ${tableY - 170}" fill="none" stroke="${darken(envelope, 0.25)}" stroke-width="4"/>`;
    out += `<circle cx="490" cy="${tableY - 44}" r="22" fill="${roundFill(d, '#A8323C')}"/>`;
    return out;
  },

  teddy(d, r) {
    const fur = r.pick(['#B07A4F', '#C08A5C', '#A56E45']);
    const muzzle = lighten(fur, 0.55);
    const cy = tableY - 250;
    let out = shadow(d, 500, tableY, 260);
    const ball = (x: number, y: number, rx: number, ry: number, color = fur) =>
      `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${roundFill(d, color)}"/>`;
    // Body, legs sitting forward, arms, head with ears and a muzzle; a ribbon at the neck.
    out += ball(500, cy, 190, 210);
    out += ball(500, cy + 30, 110, 130, lighten(fur, 0.35));
    out += ball(340, tableY - 70, 110, 80) + ball(660, tableY - 70, 110, 80);
    out += ball(320, tableY - 62, 55, 52, muzzle) + ball(680, tableY - 62, 55, 52, muzzle);
    out += ball(320, cy - 40, 70, 130) + ball(680, cy - 40, 70, 130);
    const head = cy - 280;
    out += ball(360, head - 120, 70, 70) + ball(640, head - 120, 70, 70);
    out += ball(360, head - 120, 38, 38, muzzle) + ball(640, head - 120, 38, 38, muzzle);
    out += ball(500, head, 190, 170);
    out += ball(500, head + 60, 90, 70, muzzle);
    out += `<ellipse cx="500" cy="${head + 30}" rx="30" ry="22" fill="#2B1A12"/>`;
    out += `<path d="M500 ${head + 52}L500 ${head + 80}M470 ${head + 88}Q500 ${head + 108} 530 ${head + 88}" stroke="#2B1A12" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    out += `<circle cx="430" cy="${head - 30}" r="18" fill="#2B1A12"/><circle cx="570" cy="${head - 30}" r="18" fill="#2B1A12"/>`;
    out += `<circle cx="436" cy="${head - 36}" r="6" fill="#ffffff"/><circle cx="576" cy="${head - 36}" r="6" fill="#ffffff"/>`;
    const bow = r.pick(['#B5162F', '#E56F95', '#8A56B0']);
    out += `<path d="M500 ${cy - 105}c-90 -60 -90 60 0 0c90 -60 90 60 0 0Z" fill="${sideLit(d, bow)}"/>`;
    out += `<circle cx="500" cy="${cy - 105}" r="18" fill="${darken(bow, 0.2)}"/>`;
    return out;
  },
};
