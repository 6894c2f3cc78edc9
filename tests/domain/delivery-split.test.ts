import { describe, expect, it } from 'vitest';
import { deliveryFeeRateBp, splitIntoDeliveries, travelsAs } from '../../domain/delivery-split';
import type { PricedLine } from '../../domain/delivery-split';

const aLine = (name: string, deliveryKind: PricedLine['deliveryKind'], totalPaise: number) => ({ name, deliveryKind, totalPaise });
const anAddon = (name: string, deliveryKind: PricedLine['deliveryKind'], totalPaise: number) => ({ ...aLine(name, deliveryKind, totalPaise), isAddon: true });

describe('splitting a bag into deliveries', () => {
  it('makes a mixed bag two deliveries, hand first, each with its own lines in bag order and subtotal', () => {
    const bag = [
      aLine('Everlasting vase', 'courier', 249_900),
      aLine('Red roses', 'hand', 125_000),
      aLine('Pampas bunch', 'courier', 89_900),
      aLine('Lilies', 'hand', 99_900),
    ];
    expect(splitIntoDeliveries(bag)).toEqual([
      { kind: 'hand', lines: [bag[1], bag[3]], subtotalPaise: 224_900 },
      { kind: 'courier', lines: [bag[0], bag[2]], subtotalPaise: 339_800 },
    ]);
  });

  it('makes a bag of one kind one delivery', () => {
    const bag = [aLine('Red roses', 'hand', 125_000), aLine('Lilies', 'hand', 99_900)];
    expect(splitIntoDeliveries(bag)).toEqual([{ kind: 'hand', lines: bag, subtotalPaise: 224_900 }]);
    const parcels = [aLine('Everlasting vase', 'courier', 249_900)];
    expect(splitIntoDeliveries(parcels)).toEqual([{ kind: 'courier', lines: parcels, subtotalPaise: 249_900 }]);
  });

  it('makes an empty bag no delivery at all', () => {
    expect(splitIntoDeliveries([])).toEqual([]);
  });

  it('keeps every line exactly once and the subtotals adding up to the bag', () => {
    const bag = Array.from({ length: 9 }, (_, i) => aLine(`Line ${i}`, i % 3 === 0 ? 'hand' : 'courier', 1_000 * (i + 1)));
    const deliveries = splitIntoDeliveries(bag);
    expect(deliveries.flatMap((d) => d.lines)).toHaveLength(bag.length);
    expect(deliveries.reduce((sum, d) => sum + d.subtotalPaise, 0)).toBe(bag.reduce((sum, l) => sum + l.totalPaise, 0));
  });
});

describe('add-ons travel with the flowers (issue 42)', () => {
  const roses = aLine('Red roses', 'hand', 99_900);
  const pampas = aLine('Pampas bunch', 'courier', 89_900);
  const cake = anAddon('Truffle cake', 'hand', 74_900);
  const vase = anAddon('Glass vase', 'courier', 44_900);

  it('puts a courier add-on in the hand delivery when the bag has one, not in a parcel of its own', () => {
    const bag = [roses, vase, pampas];
    expect(travelsAs(vase, bag)).toBe('hand');
    expect(travelsAs(pampas, bag)).toBe('courier');
    expect(splitIntoDeliveries(bag)).toEqual([
      { kind: 'hand', lines: [roses, vase], subtotalPaise: 144_800 },
      { kind: 'courier', lines: [pampas], subtotalPaise: 89_900 },
    ]);
  });

  it('sends a courier add-on by courier when nothing in the bag goes by hand', () => {
    const bag = [pampas, vase];
    expect(splitIntoDeliveries(bag)).toEqual([{ kind: 'courier', lines: [pampas, vase], subtotalPaise: 134_800 }]);
  });

  it('keeps a hand add-on by hand even beside courier flowers only: a cake is never couriered', () => {
    const bag = [pampas, cake];
    expect(splitIntoDeliveries(bag).map((delivery) => [delivery.kind, delivery.lines])).toEqual([
      ['hand', [cake]],
      ['courier', [pampas]],
    ]);
  });

  it("taxes a delivery's fee as its flowers, however dear the add-on riding with them", () => {
    const nilRatedRoses = { totalPaise: 49_900, rateBp: null };
    const teddy = { totalPaise: 69_900, rateBp: 900, isAddon: true };
    const cakeLine = { totalPaise: 74_900, rateBp: 250, isAddon: true };
    expect(deliveryFeeRateBp([nilRatedRoses, teddy, cakeLine])).toBeNull();
    expect(deliveryFeeRateBp([{ totalPaise: 29_900, rateBp: 250 }, teddy])).toBe(250);
  });

  it("taxes a delivery of add-ons only as its dearest add-on", () => {
    expect(deliveryFeeRateBp([{ totalPaise: 14_900, rateBp: 900, isAddon: true }, { totalPaise: 74_900, rateBp: 250, isAddon: true }])).toBe(250);
  });
});
