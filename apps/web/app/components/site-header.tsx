import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { useCurrentPage } from '../lib/use-current-page.ts';
import { useSite } from '../lib/use-site.ts';
import { localizedPath, type PublicPage } from '../paths.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

const NAVIGATION: { page: PublicPage; label: string }[] = [
  { page: 'home', label: 'nav.home' },
  { page: 'contact', label: 'nav.contact' },
  { page: 'incidents', label: 'nav.incidents' },
  { page: 'incidentReport', label: 'nav.report' },
];

/**
 * Site name, navigation and language switcher. On narrow screens they fold behind a Menu button
 * (a disclosure: aria-expanded, Esc closes it and returns focus to the button). Without JavaScript
 * the button is hidden and the navigation stays open.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const { language } = useCurrentPage();
  const site = useSite();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation (link, Back, Forward) closes the menu.
  useEffect(() => setIsOpen(false), [pathname]);
  // A tap on Menu before React ran was kept by root.tsx's inline script: open the menu it asked for.
  useEffect(() => {
    const root = document.documentElement;
    if (!root.hasAttribute('data-menu-open-early')) return;
    root.removeAttribute('data-menu-open-early');
    setIsOpen(true);
  }, []);
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  return (
    <header className="site-header">
      <div className="site-header__bar">
        <a className="site-name" href={localizedPath('home', language)}>
          {site?.organisationName}
        </a>
        <a className="emergency-link" href="#emergency">
          {t('emergency.headerLink', { emergencyNumber: site?.emergencyNumber ?? '' })}
        </a>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span aria-hidden="true" className="menu-toggle__icon">
            {isOpen ? '✕' : '☰'}
          </span>
          {isOpen ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </div>
      <div id={panelId} className="site-header__panel" data-open={isOpen}>
        <nav aria-label={t('nav.label')}>
          <ul className="main-nav">
            {NAVIGATION.map(({ page, label }) => (
              <li key={page}>
                <NavLink
                  to={localizedPath(page, language)}
                  end
                  className={page === 'incidentReport' ? 'main-nav__report' : undefined}
                >
                  {t(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
