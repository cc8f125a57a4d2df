import { applyUpdateRequest } from '../domain/profile-changes.js';
import { maskMisc } from '../domain/payout-details.js';
import { EMAIL_CHANGE_JOB, EMAIL_CHANGE_MAX_ATTEMPTS } from '../jobs/email-change.js';
import { AdminError, audited, findUser, type AdminContext } from './context.js';

/** Told to the user in the chat when an admin decides (the profile shows the rest). */
export const REQUEST_APPROVED_CHAT =
  'Your update request was approved. Please review the changes on your profile confirmation page.';
export const requestDeniedChat = (reason: string) =>
  `Your update request was not approved${reason ? `: ${reason}` : '.'}`;

/** A pending request as the console shows it: the account and the request with account numbers masked. */
export interface RequestSummary {
  userId: number;
  email: string;
  name: string;
  userStatus: number;
  request: Record<string, unknown>;
}

export interface ApprovalOutcome {
  userId: number;
  /** Names of the fields that changed (values are not repeated here nor in the audit trail). */
  changed: string[];
  renewalsOpened: number;
  openRenewals: number;
  userStatus: number;
  /** A different e-mail in the request: the confirmation link was sent ('link sent'), or the address is taken. */
  email: 'unchanged' | 'link sent' | 'address taken';
}

const summary = (user: {
  id: number;
  email: string;
  name_first: string;
  name_last: string;
  user_status: number;
  pending_changes: Record<string, unknown> | null;
}): RequestSummary => ({
  userId: user.id,
  email: user.email,
  name: `${user.name_first} ${user.name_last}`.trim(),
  userStatus: user.user_status,
  request: maskMisc(user.pending_changes ?? {}),
});

/**
 * Update requests (PUT /user/requestchange): list, show, approve, deny. Approval applies the
 * request and opens a contract renewal per signed upload (user_status 2 while any is open);
 * see portal.yaml requestChange for the whole flow.
 */
export function createRequestCommands(context: AdminContext) {
  return {
    async listRequests(): Promise<RequestSummary[]> {
      return audited(context, async ({ users }) => {
        const pending = (await users.listPendingRequests()).map(summary);
        return { result: pending, note: { action: 'requests.list', details: { count: pending.length } } };
      });
    },

    async showRequest(who: string): Promise<RequestSummary> {
      return audited(context, async (repos) => {
        const user = await findUser(repos, who);
        if (user.user_confirmation !== 1 || !user.pending_changes) {
          throw new AdminError(`User ${user.id} has no update request waiting for review`);
        }
        return { result: summary(user), note: { action: 'requests.show', userId: user.id } };
      });
    },

    async approveRequest(who: string): Promise<ApprovalOutcome> {
      return audited(context, async (repos) => {
        const found = await findUser(repos, who);
        const user = await repos.users.findForUpdate(found.id);
        if (!user || user.user_confirmation !== 1 || !user.pending_changes) {
          throw new AdminError(`User ${found.id} has no update request waiting for review`);
        }
        const now = context.now();
        const applied = applyUpdateRequest(user, user.pending_changes);
        const renewalsOpened = await repos.contracts.requestRenewals(user.id, now);
        const openRenewals = (await repos.contracts.openRenewals(user.id)).length;
        // "If approved, all existing contracts must be re-signed": status 2 while any renewal is
        // open; an account not yet activated (0) stays so (the link activates it, not the admin).
        const userStatus = openRenewals > 0 && user.user_status !== 0 ? 2 : user.user_status;
        await repos.users.applyApprovedChanges(user.id, applied, userStatus);

        let email: ApprovalOutcome['email'] = 'unchanged';
        if (applied.newEmail) {
          const holder = await repos.users.findByEmail(applied.newEmail);
          if (holder && holder.id !== user.id) {
            email = 'address taken';
          } else {
            // Like PUT /user/changeemail: the address changes only through the link mailed to it.
            await repos.jobs.enqueue({
              type: EMAIL_CHANGE_JOB,
              payload: { kind: 'request', userId: user.id, newEmail: applied.newEmail },
              maxAttempts: EMAIL_CHANGE_MAX_ATTEMPTS,
              runAt: now,
            });
            email = 'link sent';
          }
        }
        await repos.chat.add({ userId: user.id, source: 'system', message: REQUEST_APPROVED_CHAT, at: now });
        const outcome: ApprovalOutcome = {
          userId: user.id,
          changed: applied.changed,
          renewalsOpened,
          openRenewals,
          userStatus,
          email,
        };
        return {
          result: outcome,
          note: {
            action: 'requests.approve',
            userId: user.id,
            details: { changed: applied.changed, renewalsOpened, userStatus, email },
          },
        };
      });
    },

    async denyRequest(who: string, reason = ''): Promise<{ userId: number }> {
      return audited(context, async (repos) => {
        const found = await findUser(repos, who);
        const user = await repos.users.findForUpdate(found.id);
        if (!user || user.user_confirmation !== 1 || !user.pending_changes) {
          throw new AdminError(`User ${found.id} has no update request waiting for review`);
        }
        await repos.users.dropChangeRequest(user.id);
        await repos.chat.add({
          userId: user.id,
          source: 'system',
          message: requestDeniedChat(reason.trim()),
          at: context.now(),
        });
        return {
          result: { userId: user.id },
          note: { action: 'requests.deny', userId: user.id, details: { reason: reason.trim() } },
        };
      });
    },
  };
}
