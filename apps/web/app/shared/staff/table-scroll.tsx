/**
 * A wide table that scrolls sideways on a phone. The scrolling area can take focus, so that
 * keyboard users can scroll it too (WCAG 2.1.1), and is named for screen readers.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
