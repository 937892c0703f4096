import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';

const STRING_KEYS = [
  'ariaLinkLabel',
  'enterCode',
  'enterCodeAria',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

type AltchaElement = HTMLElement & {
  configure(options: Record<string, unknown>): Promise<void>;
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
};
type AltchaGlobal = { $altcha?: { i18n: { set(language: string, strings: Record<string, string>): void } } };

export type AltchaHandle = {
  /** A solution for the next submission: the one solved in the background, or one solved now. */
  takePayload(): Promise<string | undefined>;
};

/** How long a form sent before the check's script has loaded waits for it. */
const LOAD_WAIT_MS = 30_000;
const delay = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

/**
 * ALTCHA's proof-of-work check, solved in the browser while the person fills in the form (no
 * puzzle, no tracking). Its words come from our translations, in the page's language. Each
 * solution is used once: after it is taken, a fresh one is prepared.
 */
export const AltchaField = forwardRef<AltchaHandle>(function AltchaField(_props, handle) {
  const { t, language } = useTranslation();
  const widget = useRef<AltchaElement>(null);
  const payload = useRef<string | undefined>(undefined);
  const [isLoaded, setIsLoaded] = useState(false);
  // The widget once its script has loaded and it is on the page: a person who sends the form before
  // that (a fast tap on a slow phone) waits for it, rather than sending no solution at all.
  const [mounted] = useState(() => {
    let resolve: (element: AltchaElement) => void = () => {};
    const promise = new Promise<AltchaElement>((settle) => {
      resolve = settle;
    });
    return { promise, resolve };
  });

  useEffect(() => {
    let isCurrent = true;
    void import('altcha').then(() => {
      const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(`altcha.${key}`)]));
      (globalThis as AltchaGlobal).$altcha?.i18n.set(language, strings);
      if (isCurrent) setIsLoaded(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [language, t]);

  useEffect(() => {
    const element = widget.current;
    if (!isLoaded || !element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === 'verified' ? detail.payload : undefined;
    };
    element.addEventListener('statechange', onStateChange);
    // The module can resolve before it has defined the element (seen on a busy machine: "configure is
    // not a function", and the whole form fell to the error page): configure it once it is defined.
    let isCurrent = true;
    void customElements.whenDefined('altcha-widget').then(() => {
      if (isCurrent) void element.configure({ hideFooter: true, hideLogo: false });
      mounted.resolve(element);
    });
    return () => {
      isCurrent = false;
      element.removeEventListener('statechange', onStateChange);
    };
  }, [isLoaded, mounted]);

  useImperativeHandle(handle, () => ({
    async takePayload() {
      // Not loaded yet: wait for it, but not for ever (a script that never arrives leaves the
      // server to refuse the form with its translated message, and nothing typed is lost).
      const element =
        widget.current && customElements.get('altcha-widget')
          ? widget.current
          : await Promise.race([mounted.promise, delay(LOAD_WAIT_MS)]);
      let taken = payload.current;
      // Solved now, when the background check has not finished. A check started now aborts the one
      // running, and in altcha 3 the aborted one can still end the new one with nothing (its
      // `finally` clears the new check's controller; seen once as ALTCHA_FAILED on the follow-up
      // page): a check that gives nothing is asked once more, rather than send no solution.
      for (let attempt = 0; !taken && element && attempt < 2; attempt += 1) taken = (await element.verify())?.payload;
      payload.current = undefined;
      if (element) {
        element.reset();
        void element.verify();
      }
      return taken;
    },
  }));

  // The widget's place is kept while its script loads, so the form does not jump when it appears.
  if (!isLoaded) return <div className="altcha-field" />;
  return (
    <div className="altcha-field">
      <altcha-widget ref={widget} challenge="/api/altcha/challenge" auto="onload" language={language} />
    </div>
  );
});

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: string;
        language?: string;
      };
    }
  }
}
