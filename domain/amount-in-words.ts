/**
 * STUB (wip-docs41 only): the real `rupeesInWords` comes from the PDF helper's branch (wip-pdf41) and replaces this
 * file at merge. Enough to run the documents tests: the amount in figures, in the words' shape.
 */
export function rupeesInWords(paise: number): string {
  return `Rupees ${Math.floor(paise / 100)} and ${paise % 100} Paise Only`;
}
