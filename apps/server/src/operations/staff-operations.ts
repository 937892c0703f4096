import type { StaffOperations } from '@app/core/staff/staff-operations';
import { mailPreferences, setDailyDigest } from './account/mail-preferences.ts';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from './account/passkeys.ts';
import { auditActors } from './audit/audit-actors.ts';
import { listAuditLog } from './audit/list-audit-log.ts';
import { contentHistory } from './content/content-history.ts';
import { type PublicContent, readContent } from './content/read-content.ts';
import { restoreContentVersion } from './content/restore-content-version.ts';
import { restoreShippedContent } from './content/restore-shipped-content.ts';
import { saveContent } from './content/save-content.ts';
import { setEmergencyNumbers } from './content/set-emergency-numbers.ts';
import { viewDashboard } from './dashboard/view-dashboard.ts';
import { deleteMessage } from './messages/delete-message.ts';
import { listMessages } from './messages/list-messages.ts';
import { openMessage } from './messages/open-message.ts';
import { setMessageStatus } from './messages/set-message-status.ts';
import type { Actor, OperationDeps } from './operation-context.ts';
import { createPartner, listPartners, setPartnerDisabled, updatePartner } from './referrals/partners.ts';
import { referReport, reportReferrals, updateReferral } from './referrals/referrals.ts';
import { completeReminder } from './reminders/complete-reminder.ts';
import { removeReminder } from './reminders/remove-reminder.ts';
import { setReminder } from './reminders/set-reminder.ts';
import { addReportNote } from './reports/add-report-note.ts';
import { answerErasureRequest } from './reports/answer-erasure-request.ts';
import { assignReport } from './reports/assign-report.ts';
import { changeReportStatus } from './reports/change-report-status.ts';
import { classifyIncident } from './reports/classify-incident.ts';
import { dismissIncidentSuggestion } from './reports/dismiss-incident-suggestion.ts';
import { exportReports } from './reports/export-reports.ts';
import { liftLegalHold, reviewLegalHold, setLegalHold } from './reports/legal-hold.ts';
import { linkReportToIncident } from './reports/link-report-to-incident.ts';
import { listReports } from './reports/list-reports.ts';
import { openReport } from './reports/open-report.ts';
import { produceEvidencePack } from './reports/produce-evidence-pack.ts';
import { publishReport } from './reports/publish-report.ts';
import { recordReport } from './reports/record-report.ts';
import { replyToReporter } from './reports/reply-to-reporter.ts';
import { reportAssignees } from './reports/report-assignees.ts';
import { reportAttachmentFile } from './reports/report-attachment.ts';
import { revealReporter } from './reports/reveal-reporter.ts';
import { deleteSavedView, listSavedViews, openSavedView, saveView } from './reports/saved-views.ts';
import { splitReportFromIncident } from './reports/split-report-from-incident.ts';
import { suggestedIncidents } from './reports/suggested-incidents.ts';
import { unpublishReport } from './reports/unpublish-report.ts';
import { changeStaffRole } from './staff/change-staff-role.ts';
import { createStaffMember } from './staff/create-staff-member.ts';
import { issueSetPasswordLink } from './staff/issue-set-password-link.ts';
import { getStaffMember, listStaff } from './staff/list-staff.ts';
import { resetTwoFactor } from './staff/reset-two-factor.ts';
import { setStaffDisabled } from './staff/set-staff-disabled.ts';
import { exportStats } from './stats/export-stats.ts';
import { viewStats } from './stats/view-stats.ts';
import {
  addSupportService,
  reportSupportOf,
  setSafetyPlan,
  setSupportNeeds,
  withdrawSupportService,
} from './support/support.ts';
import { createTag, listTags, renameTag, setTagDisabled } from './tags/manage-tags.ts';
import { acknowledgeEarlyWarning } from './warnings/early-warnings.ts';

/**
 * The operations of one signed-in staff member: built by the server for each request whose session
 * is complete (both factors, in that session), never for anyone else. Binding the actor here means
 * no page can act as someone else, and each operation still checks that actor's permission.
 */
export function createStaffOperations(deps: OperationDeps & { content: PublicContent }, actor: Actor): StaffOperations {
  return {
    actor,
    dashboard: () => viewDashboard(deps, actor),
    reports: {
      list: (filter) => listReports(deps, actor, filter),
      views: {
        list: () => listSavedViews(deps, actor),
        open: (id) => openSavedView(deps, actor, id),
        save: (input) => saveView(deps, actor, input),
        remove: (id) => deleteSavedView(deps, actor, id),
      },
      record: (input) => recordReport(deps, actor, input),
      open: (id) => openReport(deps, actor, id),
      setLegalHold: (id, input) => setLegalHold(deps, actor, id, input),
      reviewLegalHold: (id) => reviewLegalHold(deps, actor, id),
      liftLegalHold: (id) => liftLegalHold(deps, actor, id),
      answerErasureRequest: (id, input) => answerErasureRequest(deps, actor, id, input),
      assignees: () => reportAssignees(deps, actor),
      revealReporter: (id) => revealReporter(deps, actor, id),
      changeStatus: (id, input) => changeReportStatus(deps, actor, id, input),
      assign: (id, staffId) => assignReport(deps, actor, id, staffId),
      addNote: (id, body) => addReportNote(deps, actor, id, body),
      reply: (id, body) => replyToReporter(deps, actor, id, body),
      publish: (id, input) => publishReport(deps, actor, id, input),
      unpublish: (id) => unpublishReport(deps, actor, id),
      linkToIncident: (id, input) => linkReportToIncident(deps, actor, id, input),
      splitFromIncident: (id, input) => splitReportFromIncident(deps, actor, id, input),
      suggestedIncidents: (id) => suggestedIncidents(deps, actor, id),
      dismissSuggestion: (id, input) => dismissIncidentSuggestion(deps, actor, id, input),
      classifyIncident: (id, input) => classifyIncident(deps, actor, id, input),
      export: (filter) => exportReports(deps, actor, filter),
      evidencePack: (id, input) => produceEvidencePack(deps, actor, id, input),
      attachment: (reportId, attachmentId) => reportAttachmentFile(deps, actor, reportId, attachmentId),
    },
    reminders: {
      set: (reportId, input) => setReminder(deps, actor, reportId, input),
      complete: (reportId, reminderId) => completeReminder(deps, actor, reportId, reminderId),
      remove: (reportId, reminderId) => removeReminder(deps, actor, reportId, reminderId),
    },
    account: {
      mailPreferences: () => mailPreferences(deps, actor),
      setDailyDigest: (enabled) => setDailyDigest(deps, actor, enabled),
      passkeys: () => listPasskeys(deps, actor),
      passkeyRegistrationOptions: (request) => passkeyRegistrationOptions(deps, actor, request),
      registerPasskey: (input, request) => registerPasskey(deps, actor, input, request),
      renamePasskey: (id, name) => renamePasskey(deps, actor, id, name),
      removePasskey: (id) => removePasskey(deps, actor, id),
    },
    messages: {
      list: (query) => listMessages(deps, actor, query),
      open: (id) => openMessage(deps, actor, id),
      setStatus: (id, status) => setMessageStatus(deps, actor, id, status),
      remove: (id) => deleteMessage(deps, actor, id),
    },
    content: {
      current: async (language) => (await readContent(deps, actor, deps.content)).current(language),
      history: (key, language) => contentHistory(deps, actor, key, language),
      save: (key, language, body) => saveContent(deps, actor, { key, language, body }),
      restoreShipped: (key, language) => restoreShippedContent(deps, actor, key, language),
      restoreVersion: (key, language, versionId) => restoreContentVersion(deps, actor, key, language, versionId),
      emergencyNumbers: async () => (await readContent(deps, actor, deps.content)).emergencyNumbers(),
      setEmergencyNumbers: (numbers) => setEmergencyNumbers(deps, actor, numbers),
    },
    stats: {
      compute: (range, months) => viewStats(deps, actor, range, months),
      export: (range, months) => exportStats(deps, actor, range, months),
    },
    staff: {
      list: () => listStaff(deps, actor),
      get: (id) => getStaffMember(deps, actor, id),
      create: (input) => createStaffMember(deps, actor, input),
      changeRole: (id, role) => changeStaffRole(deps, actor, id, role),
      setDisabled: (id, disabled) => setStaffDisabled(deps, actor, id, disabled),
      resetTwoFactor: (id) => resetTwoFactor(deps, actor, id),
      issueSetPasswordLink: (id) => issueSetPasswordLink(deps, actor, id),
    },
    tags: {
      list: () => listTags(deps, actor),
      create: (input) => createTag(deps, actor, input),
      rename: (id, input) => renameTag(deps, actor, id, input),
      setDisabled: (id, input) => setTagDisabled(deps, actor, id, input),
    },
    partners: {
      list: () => listPartners(deps, actor),
      create: (input) => createPartner(deps, actor, input),
      update: (id, input) => updatePartner(deps, actor, id, input),
      setDisabled: (id, input) => setPartnerDisabled(deps, actor, id, input),
    },
    referrals: {
      forReport: (reportId) => reportReferrals(deps, actor, reportId),
      refer: (reportId, input) => referReport(deps, actor, reportId, input),
      update: (reportId, referralId, input) => updateReferral(deps, actor, reportId, referralId, input),
    },
    warnings: {
      acknowledge: (id, input) => acknowledgeEarlyWarning(deps, actor, id, input),
    },
    support: {
      forReport: (reportId) => reportSupportOf(deps, actor, reportId),
      setNeeds: (reportId, input) => setSupportNeeds(deps, actor, reportId, input),
      addService: (reportId, input) => addSupportService(deps, actor, reportId, input),
      withdrawService: (reportId, serviceId, input) => withdrawSupportService(deps, actor, reportId, serviceId, input),
      setSafetyPlan: (reportId, input) => setSafetyPlan(deps, actor, reportId, input),
    },
    audit: {
      list: (filter) => listAuditLog(deps, actor, filter),
      actors: () => auditActors(deps, actor),
    },
  };
}
