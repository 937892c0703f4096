import { REPORTER_REQUEST_KINDS, type ReporterRequestKind } from '@app/core/casework/reporter-control';
import { AppError } from '@app/core/errors/app-error';
import type { FollowUpThread } from '@app/core/forms/follow-up';
import type { FollowUpFormAnswer } from '@app/core/forms/plain-forms';
import { useEffect, useRef, useState } from 'react';
import { data, useRevalidator } from 'react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { appContext } from '../../context.ts';
import { ReceiptForm } from '../../features/follow-up/receipt-form.tsx';
import { EMPTY_DRAFT, type ReplyDraft, ReplyForm } from '../../features/follow-up/reply-form.tsx';
import { ReplyNoticeForm } from '../../features/follow-up/reply-notice-form.tsx';
import { ReporterControl } from '../../features/follow-up/reporter-control.tsx';
import { type SupportAnswerError, SupportQuestion } from '../../features/follow-up/support-question.tsx';
import { ThreadView } from '../../features/follow-up/thread-view.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageMeta } from '../../lib/page-meta.ts';
import { loadPublicPage } from '../../lib/public-page.server.ts';
import { answeringFailures } from '../../shared/failures.server.ts';
import { FormMessagesScope } from '../../shared/forms/form-messages-scope.tsx';
import { useUnsavedChanges } from '../../shared/forms/use-unsaved-changes.ts';
import type { Route } from './+types/follow-up';

export const loader = answeringFailures(async (args: Route.LoaderArgs) => {
  const page = loadPublicPage(args, 'followUp');
  const { followUp, plainForm } = args.context.get(appContext);
  // A receipt sent without JavaScript with a message kept for the new session: its thread at once.
  const found = await followUp.view(plainForm?.followUpCookie ?? args.request.headers.get('Cookie'));
  const result = {
    ...page,
    followUp: found.state === 'open' ? { state: 'open' as const, thread: found.thread } : { state: found.state },
    wasClosed: new URL(args.request.url).searchParams.get('closed') === '1',
    /** Back from a reply sent without JavaScript (the server redirects here once it is stored). */
    wasSent: new URL(args.request.url).searchParams.get('sent') === '1',
    /** Back from the reply notice's plain form: turned on, off, or refused with its code. */
    noticeResult: noticeResultOf(new URL(args.request.url).searchParams.get('notice')),
    noticeError: noticeErrorOf(new URL(args.request.url).searchParams.get('noticeError')),
    /** Back from withdrawing consent or asking for erasure (decision 0046): recorded, or the tick missing. */
    requested: requestKindOf(new URL(args.request.url).searchParams.get('requested')),
    requestError: requestKindOf(new URL(args.request.url).searchParams.get('requestError')),
    /** Back from the support question's plain form (decision 0053): answered, or refused with its code. */
    supportAnswered: new URL(args.request.url).searchParams.get('support') === 'answered',
    supportError: supportErrorOf(new URL(args.request.url).searchParams.get('supportError')),
  };
  // A session that ended takes its cookie with it.
  return found.state === 'ended' ? data(result, { headers: { 'Set-Cookie': found.setCookie } }) : result;
});

/**
 * A follow-up form sent without JavaScript that came back (decision 0021): the server has read and
 * checked it (apps/server/src/http/plain-forms.routes.ts); a receipt that opened the report and a
 * reply that was stored were answered with a redirect to this page instead.
 */
export const action = answeringFailures(async ({ context }: Route.ActionArgs) => {
  const { plainForm } = context.get(appContext);
  if (plainForm?.answer.form !== 'followUp') throw new AppError('BAD_REQUEST');
  return data({ answer: plainForm.answer }, { status: plainForm.status });
});

const noticeResultOf = (value: string | null): 'on' | 'off' | undefined =>
  value === 'on' || value === 'off' ? value : undefined;
const noticeErrorOf = (value: string | null) =>
  value === 'NOTICE_ADDRESS_INVALID' || value === 'NOTICE_SENDER_INVALID' ? value : undefined;

const SUPPORT_ERRORS: readonly SupportAnswerError[] = [
  'SUPPORT_RATING_REQUIRED',
  'SUPPORT_WORDS_TOO_LONG',
  'SUPPORT_NOT_OPEN',
];
const supportErrorOf = (value: string | null) => SUPPORT_ERRORS.find((code) => code === value);

const requestKindOf = (value: string | null): ReporterRequestKind | undefined =>
  REPORTER_REQUEST_KINDS.find((kind) => kind === value);

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.head);

/** A page that shows one reporter's thread: never kept in any cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * The reporter's way back: the receipt opens the report's state and thread; a message (with
 * files) goes to staff. The draft belongs to the page, so a session that ends loses none of it.
 */
export default function FollowUpPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormMessagesScope language={loaderData.language}>
      <FollowUp {...loaderData} answer={actionData?.answer.form === 'followUp' ? actionData.answer : undefined} />
    </FormMessagesScope>
  );
}

function FollowUp({
  followUp,
  wasClosed,
  wasSent,
  noticeResult,
  noticeError,
  requested,
  requestError,
  supportAnswered,
  supportError,
  language,
  answer,
}: Route.ComponentProps['loaderData'] & { answer?: FollowUpFormAnswer }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const reply = answer?.state === 'reply' ? answer : undefined;
  const [draft, setDraft] = useState<ReplyDraft>(reply ? { message: reply.message, files: [] } : EMPTY_DRAFT);
  const [notice, setNotice] = useState<'sent' | 'sessionEnded' | undefined>(
    wasSent ? 'sent' : reply?.failure?.code === 'SESSION_ENDED' ? 'sessionEnded' : undefined,
  );
  const isOpen = followUp.state === 'open';
  const wasOpen = useRef(isOpen);
  const statusHeading = useRef<HTMLDivElement>(null);

  useUnsavedChanges(draft.message.trim() !== '' || draft.files.length > 0);

  // Once the receipt opened the report, the reader is taken to where it stands.
  useEffect(() => {
    if (isOpen && !wasOpen.current) statusHeading.current?.querySelector('h2')?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  return (
    <>
      <PageIntro page="followUp" />
      {followUp.state === 'open' && followUp.thread.erasedAt ? (
        // Erased (decision 0046): the receipt shows only that, and when; nothing is left to read or add.
        <div ref={statusHeading}>
          <ErasedReport thread={followUp.thread} language={language} />
        </div>
      ) : followUp.state === 'open' ? (
        <>
          <div ref={statusHeading} className="follow-up-thread">
            <ThreadView thread={followUp.thread} />
          </div>
          {notice === 'sent' && (
            <p className="form-success" role="status">
              {t('followUp.sent')}
            </p>
          )}
          {followUp.thread.support && (
            <SupportQuestion
              support={followUp.thread.support}
              language={language}
              answered={supportAnswered}
              error={supportError}
            />
          )}
          <ReplyForm
            language={language}
            answer={reply}
            draft={draft}
            onDraftChange={(next) => {
              setDraft(next);
              if (notice === 'sent') setNotice(undefined);
            }}
            onSent={() => {
              setDraft(EMPTY_DRAFT);
              setNotice('sent');
              void revalidator.revalidate();
            }}
            onSessionEnded={() => {
              setNotice('sessionEnded');
              void revalidator.revalidate();
            }}
          />
          <ReplyNoticeForm
            language={language}
            sender={followUp.thread.replyNotice ?? null}
            result={noticeResult}
            error={noticeError}
          />
          <ReporterControl
            thread={followUp.thread}
            language={language}
            requested={requested}
            requestError={requestError}
          />
          <section className="section follow-up-close" aria-labelledby="close-title">
            <h2 id="close-title">{t('followUp.closeTitle')}</h2>
            <p>{t('followUp.closeHint')}</p>
            <CloseForm language={language} />
          </section>
        </>
      ) : (
        <>
          {(notice === 'sessionEnded' || followUp.state === 'ended' || wasClosed) && (
            <p className="notice" role="status">
              {notice === 'sessionEnded'
                ? t('followUp.errors.SESSION_ENDED')
                : followUp.state === 'ended'
                  ? t('followUp.ended')
                  : t('followUp.closed')}
            </p>
          )}
          <ReceiptForm
            language={language}
            answer={answer?.state === 'receipt' ? answer : undefined}
            // A message that could not be sent because the session ended travels with the receipt.
            carriedMessage={draft.message}
            onOpened={() => {
              setNotice(undefined);
              void revalidator.revalidate();
            }}
          />
        </>
      )}
    </>
  );
}

/** The page of an erased report: when it was erased and what is left, and the way out. */
function ErasedReport({ thread, language }: { thread: FollowUpThread; language: string }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="erased-title">
      <h2 id="erased-title" tabIndex={-1}>
        {t('followUp.control.erasedTitle')}
      </h2>
      <p data-testid="erased-report">
        {t('followUp.control.erasedText', { date: formatDateTime(thread.erasedAt ?? '', language, 'long') })}
      </p>
      <CloseForm language={language} />
    </section>
  );
}

/** Closing the page: a plain form, it works without JavaScript and leaves nothing in the page's memory. */
function CloseForm({ language }: { language: string }) {
  const { t } = useTranslation();
  return (
    <form method="post" action="/api/follow-up/close">
      <input type="hidden" name="language" value={language} />
      <button type="submit" className="button button--secondary">
        {t('followUp.close')}
      </button>
    </form>
  );
}
