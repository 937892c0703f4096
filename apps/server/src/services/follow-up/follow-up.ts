import { createHash, randomBytes } from 'node:crypto';
import type { ReporterRequestKind } from '@app/core/casework/reporter-control';
import { AppError } from '@app/core/errors/app-error';
import {
  FOLLOW_UP_IDLE_MINUTES,
  FOLLOW_UP_MAX_HOURS,
  type FollowUpServicesForWeb,
  type FollowUpState,
  reporterStatusOf,
} from '@app/core/forms/follow-up';
import { readCookie } from '@app/core/site/cookies';
import { todayInBelgium } from '@app/core/site/dates';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { ReceiptHasher } from '../../crypto/receipts.ts';
import type { SubmissionKeys } from '../../crypto/submission-keys.ts';
import type { Db } from '../../db/database.ts';
import { replyNotice } from '../../db/reply-notice-schema.ts';
import {
  followUpSession,
  notificationOutbox,
  report,
  reportAttachment,
  reportMessage,
  submissionKey,
} from '../../db/schema.ts';
import type { PreparedAttachment } from '../../uploads/attachment.ts';
import { indexReportTexts } from '../casework/search-index.ts';
import { openSharingConsent } from '../intake/sealed-answers.ts';
import {
  attachmentRows,
  SUBMISSION_KEY_HOURS,
  spoolIn,
  storeAttachments,
  type UploadDependencies,
} from '../intake/submit-report.ts';
import { recordReporterRequest, reporterControlOf } from './reporter-control.ts';
import { answerSupportQuestion, supportQuestionOf } from './support-question.ts';

/**
 * Opening a report with a receipt takes at least this long, whatever the outcome: the hash costs
 * about the same for every receipt, and this floor hides what is left (the lookup, the session).
 */
const OPEN_MIN_MS = 400;

export type FollowUpService = FollowUpServicesForWeb & {
  /**
   * A session for the report with this receipt (already normalised); `RECEIPT_NOT_RECOGNISED`
   * for every receipt that opens none, after the same work and the same minimum time.
   */
  open(receipt: string): Promise<{ setCookie: string }>;
  /**
   * Keeps the reporter's message and files. `repeated`: a second try of a message already kept
   * (nothing kept twice). `SESSION_ENDED` without a live session.
   */
  reply(
    cookieHeader: string | null,
    body: string,
    attachments: PreparedAttachment[],
    /** The submission key of this message (decision 0025): a second try with it keeps nothing twice. */
    key?: string,
  ): Promise<{ repeated: boolean }>;
  /**
   * True when the cookie belongs to a live session (its idle timer renewed): the cheap check that
   * comes before any file of a reply is worked on (security review finding 1).
   */
  hasSession(cookieHeader: string | null): Promise<boolean>;
  /** The report of a live session (its idle timer renewed), for the reply notice's form. */
  reportOf(cookieHeader: string | null): Promise<string | undefined>;
  /**
   * The reporter withdraws their consent to pass the report on, or asks for its erasure (decision
   * 0046); false without a live session.
   */
  request(cookieHeader: string | null, kind: ReporterRequestKind): Promise<boolean>;
  /**
   * The reporter's answer to the support question (decision 0053): 1 to 5 and optional words, once.
   * `SESSION_ENDED` without a live session; `followUp.SUPPORT_*` for an answer refused.
   */
  answerSupport(cookieHeader: string | null, input: { rating?: unknown; words?: unknown }): Promise<void>;
  /** Ends the session of this cookie; returns the header that removes the cookie. */
  close(cookieHeader: string | null): Promise<string>;
  deleteExpired(): Promise<void>;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A second try of a message whose key the first try took meanwhile. */
class RepeatedReply extends Error {}

export function createFollowUpService({
  db,
  receipts,
  submissionKeys,
  secureCookies,
  ...uploadDeps
}: UploadDependencies & {
  db: Db;
  receipts: ReceiptHasher;
  submissionKeys: SubmissionKeys;
  secureCookies: boolean;
}): FollowUpService {
  const { encryption } = uploadDeps;
  // A browser-session cookie (no Max-Age): closing the browser forgets it. Strict: no other site
  // can make the browser send it.
  const cookieName = secureCookies ? '__Host-follow-up' : 'follow-up';
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secureCookies ? '; Secure' : ''}`;
  const sessionCookie = (token: string) => `${cookieName}=${token}; ${attributes}`;
  const clearCookie = `${cookieName}=; ${attributes}; Max-Age=0`;
  const isLive = and(
    gt(followUpSession.lastActiveAt, sql`now() - make_interval(mins => ${FOLLOW_UP_IDLE_MINUTES})`),
    gt(followUpSession.createdAt, sql`now() - make_interval(hours => ${FOLLOW_UP_MAX_HOURS})`),
  );

  /** The session's report, renewing its idle timer in the same statement; 'ended' for a dead cookie. */
  const resolve = async (cookieHeader: string | null): Promise<{ reportId: string } | 'ended' | undefined> => {
    const token = readCookie(cookieHeader, cookieName);
    if (!token) return undefined;
    const tokenHash = sha256(token);
    const [live] = await db
      .update(followUpSession)
      .set({ lastActiveAt: sql`now()` })
      .where(and(eq(followUpSession.tokenHash, tokenHash), isLive))
      .returning({ reportId: followUpSession.reportId });
    if (live) return live;
    await db.delete(followUpSession).where(eq(followUpSession.tokenHash, tokenHash));
    return 'ended';
  };

  const openSealed = (value: string | null) => (value === null ? null : encryption.openText(value));

  return {
    async open(receipt) {
      const started = performance.now();
      // Every lookup key still held (decision 0023): the same work for a right and a wrong receipt.
      const hashes = await receipts.candidates(receipt);
      const current = hashes[0];
      const [found] = await db
        .select({ id: report.id, receiptHash: report.receiptHash })
        .from(report)
        .where(inArray(report.receiptHash, hashes));
      let result: { setCookie: string } | undefined;
      if (found) {
        // Found under an older lookup key: hash it again under the current one, so that the old
        // key can be retired once nothing is left under it. Guarded, so a concurrent change wins.
        if (current && found.receiptHash !== current) {
          await db
            .update(report)
            .set({ receiptHash: current })
            .where(and(eq(report.id, found.id), eq(report.receiptHash, found.receiptHash ?? '')));
        }
        // The reporter holds the receipt: no copy of it is kept for a second try of the report.
        await db
          .update(submissionKey)
          .set({ sealedAnswer: null })
          .where(and(eq(submissionKey.reportId, found.id), isNotNull(submissionKey.sealedAnswer)));
        const token = randomBytes(32).toString('base64url');
        await db.insert(followUpSession).values({ tokenHash: sha256(token), reportId: found.id });
        result = { setCookie: sessionCookie(token) };
      }
      const left = OPEN_MIN_MS - (performance.now() - started);
      if (left > 0) await new Promise((done) => setTimeout(done, left));
      if (!result) throw new AppError('RECEIPT_NOT_RECOGNISED');
      return result;
    },

    async view(cookieHeader): Promise<FollowUpState> {
      const session = await resolve(cookieHeader);
      if (!session) return { state: 'none' };
      if (session === 'ended') return { state: 'ended', setCookie: clearCookie };
      const [reportRow] = await db
        .select({
          status: report.status,
          createdAt: report.createdAt,
          sharingConsent: report.sharingConsent,
          erasedAt: report.personalDataErasedAt,
        })
        .from(report)
        .where(eq(report.id, session.reportId));
      if (!reportRow) return { state: 'ended', setCookie: clearCookie };
      const [messages, files, notice, control, support] = await Promise.all([
        db
          .select()
          .from(reportMessage)
          .where(eq(reportMessage.reportId, session.reportId))
          .orderBy(asc(reportMessage.createdAt), asc(reportMessage.id)),
        db
          .select({ messageId: reportAttachment.messageId, originalName: reportAttachment.originalName })
          .from(reportAttachment)
          .where(and(eq(reportAttachment.reportId, session.reportId), isNotNull(reportAttachment.messageId)))
          .orderBy(asc(reportAttachment.timeCreated)),
        db.select({ sender: replyNotice.sender }).from(replyNotice).where(eq(replyNotice.reportId, session.reportId)),
        reporterControlOf(db, session.reportId),
        supportQuestionOf(db, session.reportId),
      ]);
      // Staff messages count as seen once this page has shown them.
      await db
        .update(reportMessage)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(reportMessage.reportId, session.reportId),
            eq(reportMessage.author, 'staff'),
            isNull(reportMessage.readAt),
          ),
        );
      return {
        state: 'open',
        thread: {
          status: reporterStatusOf(reportRow.status),
          sentOn: todayInBelgium(reportRow.createdAt),
          replyNotice: notice[0]?.sender ?? null,
          consent: openSharingConsent(encryption, reportRow.sharingConsent),
          control,
          erasedAt: reportRow.erasedAt?.toISOString() ?? null,
          support: support.view,
          messages: messages.map((message) => ({
            id: message.id,
            author: message.author,
            ...(message.id === support.messageId ? { systemText: 'support-question' as const } : {}),
            at: message.createdAt.toISOString(),
            body: openSealed(message.body),
            fileNames: files
              .filter((file) => file.messageId === message.id)
              .map((file) => openSealed(file.originalName) ?? ''),
            isNew: message.author === 'staff' && message.readAt === null,
          })),
        },
      };
    },

    async reply(cookieHeader, body, attachments, key) {
      const session = await resolve(cookieHeader);
      if (!session || session === 'ended') throw new AppError('SESSION_ENDED');
      const { reportId } = session;
      // A second try of a message already kept (decision 0025): the first answer, nothing kept twice.
      const keyHash = key ? submissionKeys.lookup(key) : undefined;
      const isRepeated = async () =>
        keyHash !== undefined &&
        (
          await db
            .select({ keyHash: submissionKey.keyHash })
            .from(submissionKey)
            .where(
              and(
                eq(submissionKey.keyHash, keyHash),
                eq(submissionKey.kind, 'reply'),
                eq(submissionKey.reportId, reportId),
                gt(submissionKey.createdAt, sql`now() - make_interval(hours => ${SUBMISSION_KEY_HOURS})`),
              ),
            )
        ).length > 0;
      if (await isRepeated()) return { repeated: true };
      const { stored, spooled, discard } = await storeAttachments(uploadDeps, reportId, attachments);
      try {
        await db.transaction(async (tx) => {
          if (keyHash) {
            const taken = await tx
              .insert(submissionKey)
              .values({ keyHash, kind: 'reply', reportId })
              .onConflictDoNothing()
              .returning({ keyHash: submissionKey.keyHash });
            if (taken.length === 0) throw new RepeatedReply();
          }
          const [{ isQuarantined, erasedAt } = { isQuarantined: true, erasedAt: null }] = await tx
            .select({ isQuarantined: report.isQuarantined, erasedAt: report.personalDataErasedAt })
            .from(report)
            .where(eq(report.id, reportId))
            .for('update');
          // An erased report's receipt shows only that it was erased (decision 0046): nothing new is kept.
          if (erasedAt) throw new AppError('FORBIDDEN');
          const [message] = await tx
            .insert(reportMessage)
            .values({ reportId, author: 'reporter', body: encryption.sealText(body) })
            .returning({ id: reportMessage.id });
          if (!message) throw new Error('the message was not written');
          // The reporter's words join the report's search index (decision 0055).
          await indexReportTexts(tx, encryption, reportId, [body]);
          if (stored.length > 0) {
            await tx.insert(reportAttachment).values(attachmentRows(encryption, reportId, stored, message.id));
          }
          await spoolIn(tx, spooled);
          if (!isQuarantined) await tx.insert(notificationOutbox).values({ kind: 'followUpReply' });
        });
      } catch (error) {
        await discard();
        if (error instanceof RepeatedReply && (await isRepeated())) return { repeated: true };
        throw error;
      }
      if (spooled.length > 0) uploadDeps.onSpooled?.();
      return { repeated: false };
    },

    async request(cookieHeader, kind) {
      const session = await resolve(cookieHeader);
      if (!session || session === 'ended') return false;
      await recordReporterRequest(db, session.reportId, kind);
      return true;
    },

    async answerSupport(cookieHeader, input) {
      const session = await resolve(cookieHeader);
      if (!session || session === 'ended') throw new AppError('SESSION_ENDED');
      await answerSupportQuestion(db, encryption, session.reportId, input);
    },

    async reportOf(cookieHeader) {
      const session = await resolve(cookieHeader);
      if (!session || session === 'ended') return undefined;
      // An erased report takes no reply-notice address (decision 0046).
      const [row] = await db
        .select({ erasedAt: report.personalDataErasedAt })
        .from(report)
        .where(eq(report.id, session.reportId));
      return row && !row.erasedAt ? session.reportId : undefined;
    },
    async hasSession(cookieHeader) {
      const session = await resolve(cookieHeader);
      return session !== undefined && session !== 'ended';
    },
    async close(cookieHeader) {
      const token = readCookie(cookieHeader, cookieName);
      if (token) await db.delete(followUpSession).where(eq(followUpSession.tokenHash, sha256(token)));
      return clearCookie;
    },

    async deleteExpired() {
      await db
        .delete(followUpSession)
        .where(
          or(
            lt(followUpSession.lastActiveAt, sql`now() - make_interval(mins => ${FOLLOW_UP_IDLE_MINUTES})`),
            lt(followUpSession.createdAt, sql`now() - make_interval(hours => ${FOLLOW_UP_MAX_HOURS})`),
          ),
        );
    },
  };
}
