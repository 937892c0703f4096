import { resources } from '@app/locales/resources';
import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../i18n/translator.ts';
import { TranslationContext } from '../../i18n/use-translation.ts';
import { AltchaField, type AltchaHandle } from './altcha-field.tsx';

// The widget's module, held back until the test lets it load: a slow phone on a slow network.
let releaseModule: () => void = () => {};
const moduleLoaded = new Promise<void>((resolve) => {
  releaseModule = resolve;
});
let solved = 0;
// While set, a check runs until the test opens this gate (a slow phone solving in the background).
let verifyGate: Promise<void> | undefined;
let running = false;

vi.mock('altcha', async () => {
  await moduleLoaded;
  class Widget extends HTMLElement {
    async configure() {}
    async verify() {
      // ALTCHA's own widget: a second verify() while one runs aborts the first, and the clean-up of
      // the first then breaks the second; here the second simply fails.
      if (running) return null;
      running = true;
      solved += 1;
      const payload = `solution-${solved}`;
      this.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verifying' } }));
      if (verifyGate) await verifyGate;
      running = false;
      this.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
      return { payload };
    }
    reset() {}
  }
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', Widget);
  return {};
});

afterEach(cleanup);

function renderField() {
  const handle = createRef<AltchaHandle>();
  const messages = { ...resources.en.common, ...resources.en.forms };
  render(
    <TranslationContext.Provider value={{ language: 'en', t: createTranslator('en', messages) }}>
      <AltchaField ref={handle} />
    </TranslationContext.Provider>,
  );
  return handle;
}

describe('AltchaField', () => {
  it('makes a form sent before the check has loaded wait for it, rather than send no solution', async () => {
    const handle = renderField();
    // Sent at once: the widget's script has not arrived yet.
    const taken = handle.current?.takePayload();
    expect(document.querySelector('altcha-widget')).toBeNull();
    releaseModule();
    await expect(taken).resolves.toBe('solution-1');
    expect(document.querySelector('altcha-widget')).not.toBeNull();
  });

  it('waits for a check already running in the background instead of starting a second one', async () => {
    releaseModule();
    const handle = renderField();
    await vi.waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    const widget = document.querySelector('altcha-widget') as HTMLElement & { verify(): Promise<unknown> };
    await customElements.whenDefined('altcha-widget');
    await new Promise((resolve) => setTimeout(resolve, 0));
    let openGate: () => void = () => {};
    verifyGate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // The widget's own check on load (auto="onload"), still solving when the form is sent.
    const background = widget.verify() as Promise<{ payload: string }>;
    const taken = handle.current?.takePayload();
    openGate();
    verifyGate = undefined;
    const { payload } = await background;
    await expect(taken).resolves.toBe(payload);
  });
});
