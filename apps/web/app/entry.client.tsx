import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadFormMessages } from './i18n/form-messages.ts';

const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });

/**
 * A form page hydrates once its form messages are here (the head preloads their file:
 * i18n/form-messages.ts), tried twice. Should they not come, React does not take the page over: it
 * stays the page the server sent, whose forms work as without JavaScript (decision 0021), and the
 * controls made for JavaScript hide again.
 */
const formMessages = document.querySelector('link[data-form-messages]')?.getAttribute('href');
if (!formMessages) hydrate();
else
  loadFormMessages(formMessages)
    .catch(() => loadFormMessages(formMessages))
    .then(hydrate, () => {
      const root = document.documentElement;
      root.dataset.plain = '';
      delete root.dataset.js;
    });
