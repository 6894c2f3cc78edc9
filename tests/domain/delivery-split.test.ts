import { describe, expect, it } from 'vitest';
import { splitIntoDeliveries } from '../../domain/delivery-split';
import type { PricedLine } from '../../domain/delivery-split';

const aLine = (name: string, deliveryKind: PricedLine['deliveryKind'], totalPaise: number) => ({ name, deliveryKind, totalPaise });

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
