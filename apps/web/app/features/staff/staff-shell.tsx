import type { StaffIdentity } from '@app/core/staff/staff-api';
import { isolate } from '@app/locales/bidi';
import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSite } from '../../lib/use-site.ts';
import { INTERNAL_PAGES } from '../../paths.ts';
import { LanguageForm } from './language-form.tsx';
import { SignOutForm } from './sign-out-form.tsx';

export type StaffNavigation = Record<
  'reports' | 'contactForms' | 'content' | 'stats' | 'staff' | 'tags' | 'partners' | 'audit',
  boolean
>;

/** The staff area's frame: who is signed in, the sections their role may open, sign-out and language. */
export function StaffShell({
  staff,
  navigation,
  children,
}: {
  staff: StaffIdentity;
  navigation: StaffNavigation;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const site = useSite();
  const links = [
    { to: INTERNAL_PAGES.dashboard, label: t('internal.nav.dashboard'), isShown: true },
    { to: INTERNAL_PAGES.reports, label: t('internal.nav.reports'), isShown: navigation.reports },
    { to: INTERNAL_PAGES.contactForms, label: t('internal.nav.contactForms'), isShown: navigation.contactForms },
    { to: INTERNAL_PAGES.content, label: t('internal.nav.content'), isShown: navigation.content },
    { to: INTERNAL_PAGES.stats, label: t('internal.nav.stats'), isShown: navigation.stats },
    { to: INTERNAL_PAGES.staff, label: t('internal.nav.staff'), isShown: navigation.staff },
    { to: INTERNAL_PAGES.tags, label: t('internal.nav.tags'), isShown: navigation.tags },
    { to: INTERNAL_PAGES.partners, label: t('internal.nav.partners'), isShown: navigation.partners },
    { to: INTERNAL_PAGES.audit, label: t('internal.nav.audit'), isShown: navigation.audit },
  ].filter((link) => link.isShown);
  return (
    <div className="staff-shell">
      <a className="skip-link" href="#main">
        {t('internal.skipToContent')}
      </a>
      <header className="staff-header">
        <div className="staff-header__bar">
          <p className="site-name">
            {/* The organisation's own name, in its own direction inside a right-to-left header. */}
            <bdi>{site?.organisationName}</bdi> · {t('internal.areaName')}
          </p>
          <div className="staff-header__user">
            <NavLink to={INTERNAL_PAGES.account}>
              {t('internal.signedInAs', { name: isolate(staff.name), role: t(`internal.roles.${staff.role}`) })}
            </NavLink>
            <SignOutForm label={t('internal.signOut')} className="button button--secondary" />
          </div>
        </div>
        <nav className="staff-nav" aria-label={t('internal.nav.label')}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
          <LanguageForm />
        </nav>
      </header>
      {children}
    </div>
  );
}
