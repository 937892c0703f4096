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
// How many of the next checks give nothing, as one aborted by a second check can.
let emptyChecks = 0;

vi.mock('altcha', async () => {
  await moduleLoaded;
  class Widget extends HTMLElement {
    async configure() {}
    async verify() {
      if (emptyChecks > 0) {
        emptyChecks -= 1;
        return null;
      }
      solved += 1;
      return { payload: `solution-${solved}` };
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

  it('asks once more when a check gives nothing (one aborted by another), and sends that solution', async () => {
    releaseModule();
    const handle = renderField();
    await vi.waitFor(() => expect(customElements.get('altcha-widget')).toBeDefined());
    emptyChecks = 1;
    const before = solved;
    await expect(handle.current?.takePayload()).resolves.toBe(`solution-${before + 1}`);
    expect(emptyChecks).toBe(0);
  });
});
