import { clientGroup } from "../http/client-address.ts";
import type { SharedCounters } from "../limits/shared-counters.ts";
import { htmlFromText } from "../mail/mail-html.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { createRateLimiter } from "./rate-limiter.ts";

/**
 * Mail about an account (confirmation, reset, "you already have an account") goes to addresses
 * nobody has proved yet, so it carries no text a visitor chose: no name, no link but ours. One
 * client gets at most this many sent to one address an hour, so the shop cannot be used to flood a
 * mailbox, nor can one client use up the address's mail so that its owner gets none.
 */
export const ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR = 5;
/** However many clients ask, one address gets at most this many account mails an hour. */
export const ACCOUNT_MAILS_PER_ADDRESS_ALL_CLIENTS_PER_HOUR = 20;

type AccountMailLog = {
	warn(object: object, message: string): void;
	error(object: object, message: string): void;
};

export type AccountMail = {
	/**
	 * Hands the message to the mail outbox (the request waits for the row, never for the mail
	 * server); a failure is logged, not shown. `client` is the address of the request that caused
	 * it.
	 */
	send(message: MailMessage, client?: string): Promise<void>;
};

export function createAccountMail(
	mailer: Mailer,
	log: AccountMailLog,
	counters: SharedCounters,
): AccountMail {
	const hour = 60 * 60 * 1000;
	const perAddressAndClient = createRateLimiter(
		{
			name: "account-mail-from-client",
			max: ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR,
			windowMs: hour,
		},
		counters,
	);
	const perAddress = createRateLimiter(
		{
			name: "account-mail",
			max: ACCOUNT_MAILS_PER_ADDRESS_ALL_CLIENTS_PER_HOUR,
			windowMs: hour,
		},
		counters,
	);
	return {
		async send(message, client) {
			const address = message.to.trim().toLowerCase();
			const byClient = `${address}|${client ? clientGroup(client) : "server"}`;
			// Taken in one step each, so mails asked for together cannot all pass a check first; a
			// mail the address's own cap refuses gives the client's count back.
			const byClientTaken = await perAddressAndClient.take(byClient);
			let isAllowed = byClientTaken.allowed;
			if (isAllowed && !(await perAddress.take(address)).allowed) {
				isAllowed = false;
				await perAddressAndClient.giveBack(byClient, byClientTaken.windowEnd);
			}
			if (!isAllowed) {
				// The address itself is not logged: it may be a stranger's.
				log.warn(
					{},
					"account mail not sent: this address had enough this hour",
				);
				return;
			}
			await mailer
				.send(message)
				.catch((error: unknown) =>
					log.error({ err: error }, "sending mail failed"),
				);
		},
	};
}

/** A message with its HTML version, made from its text. */
function withHtml(message: MailMessage): MailMessage {
	return { ...message, html: htmlFromText(message.text) };
}

export function confirmEmailMessage(to: string, url: string): MailMessage {
	return withHtml({
		to,
		kind: "account-confirm",
		subject: "Confirm your email for Tools Gallery",
		text: `Someone, probably you, created a Tools Gallery account with this address.\n\nConfirm the address here (the link works for 24 hours):\n${url}\n\nConfirming signs out every session of the account; sign in again afterwards.\nIf you did not sign up, ignore this message.`,
		link: url,
	});
}

/** For an address not confirmed yet: following the link proves the mailbox and sets the password. */
export function confirmAndChoosePasswordMessage(
	to: string,
	url: string,
): MailMessage {
	return withHtml({
		to,
		kind: "account-confirm-and-choose-password",
		subject: "Confirm your email and choose your Tools Gallery password",
		text: `A Tools Gallery account uses this address, and the address is not confirmed yet.\n\nTo confirm it, choose the account's password here (the link works once, for one hour):\n${url}\n\nAny password chosen before stops working, and every session signed in before is ended, so only you hold the account afterwards.\nIf you do not want an account, ignore this message.`,
		link: url,
	});
}

export function resetPasswordMessage(to: string, url: string): MailMessage {
	return withHtml({
		to,
		kind: "account-reset-password",
		subject: "Reset your Tools Gallery password",
		text: `Someone asked to reset the password of your Tools Gallery account.\n\nChoose a new password here (the link works once, for one hour):\n${url}\n\nIf it was not you, ignore this message; your password stays as it is.`,
		link: url,
	});
}

/** Sign-up with an address that already has a confirmed account: the owner hears of it, nobody else. */
export function accountExistsMessage(
	to: string,
	publicUrl: string,
): MailMessage {
	return withHtml({
		to,
		kind: "account-exists",
		subject: "You already have a Tools Gallery account",
		text: `Someone tried to create a Tools Gallery account with this address, which already has one.\n\nIf it was you, sign in at ${publicUrl}/login, or choose a new password at ${publicUrl}/forgot-password.\nIf it was not you, ignore this message; nothing changed.`,
	});
}
