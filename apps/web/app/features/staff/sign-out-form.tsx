import { Form } from 'react-router';
import { INTERNAL_PAGES } from '../../paths.ts';

/** Signing out: a form that posts to the sign-out page, its button drawn as `className` says. */
export function SignOutForm({ label, className }: { label: string; className: string }) {
  return (
    <Form method="post" action={INTERNAL_PAGES.signOut}>
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
