/** A tel: link for a number as people write it: "+32 3 123 45 67" → "tel:+3231234567". */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
