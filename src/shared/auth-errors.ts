/**
 * Every failure the sign-in layer can report, in words a customer understands. The server's auth
 * library answers with a code (and our own limiter with TOO_MANY_REQUESTS); the pages show
 * 'Error: {message}'. A test fails when the library has a code without an entry here.
 */
const WRONG_CREDENTIALS = "Wrong email or password.";
const LINK_INVALID =
	"This link is invalid or has expired. Ask for a new one and use it within the hour.";
const SESSION_EXPIRED = "Your session has expired. Sign in again to continue.";
const TRY_AGAIN =
	"Something went wrong on our side. Please try again in a moment.";
const GOOGLE_FAILED =
	"Signing in with Google did not work. Try again, or sign in with your email and password.";

export const AUTH_ERROR_MESSAGES: Record<string, string> = {
	// Codes of the auth library's answers.
	USER_NOT_FOUND: WRONG_CREDENTIALS,
	INVALID_PASSWORD: WRONG_CREDENTIALS,
	INVALID_EMAIL_OR_PASSWORD: WRONG_CREDENTIALS,
	CREDENTIAL_ACCOUNT_NOT_FOUND: WRONG_CREDENTIALS,
	INVALID_USER: WRONG_CREDENTIALS,
	INVALID_EMAIL: "Provide a valid email",
	USER_ALREADY_EXISTS:
		"An account with this email already exists. Log in, or reset your password.",
	USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
		"An account with this email already exists. Log in, or reset your password.",
	PASSWORD_TOO_SHORT: "Must be 8 characters or longer",
	PASSWORD_TOO_LONG: "Must be 128 characters or fewer",
	EMAIL_NOT_VERIFIED:
		"Confirm your email address first: follow the link we sent you.",
	EMAIL_ALREADY_VERIFIED: "Your email address is already confirmed.",
	VERIFICATION_EMAIL_NOT_ENABLED: "Email confirmation is not available.",
	INVALID_TOKEN: LINK_INVALID,
	TOKEN_EXPIRED: LINK_INVALID,
	SESSION_EXPIRED: SESSION_EXPIRED,
	SESSION_NOT_FRESH: "For your safety, sign in again before doing this.",
	FAILED_TO_GET_SESSION: SESSION_EXPIRED,
	FAILED_TO_CREATE_USER: TRY_AGAIN,
	FAILED_TO_CREATE_SESSION: TRY_AGAIN,
	FAILED_TO_UPDATE_USER: TRY_AGAIN,
	FAILED_TO_CREATE_VERIFICATION: TRY_AGAIN,
	FAILED_TO_GET_USER_INFO: GOOGLE_FAILED,
	USER_EMAIL_NOT_FOUND:
		"Your Google account did not share an email address, so we cannot sign you in with it.",
	SOCIAL_ACCOUNT_ALREADY_LINKED:
		"This Google account is already linked to another account.",
	LINKED_ACCOUNT_ALREADY_EXISTS:
		"This Google account is already linked to your account.",
	PROVIDER_NOT_FOUND: "Google sign-in is not set up on this shop.",
	ID_TOKEN_NOT_SUPPORTED: GOOGLE_FAILED,
	EMAIL_CAN_NOT_BE_UPDATED: "Your email address cannot be changed here.",
	CHANGE_EMAIL_DISABLED: "Your email address cannot be changed here.",
	EMAIL_MISMATCH: "The email address does not match this account.",
	FAILED_TO_UNLINK_LAST_ACCOUNT:
		"You cannot remove your only way of signing in.",
	ACCOUNT_NOT_FOUND: WRONG_CREDENTIALS,
	USER_ALREADY_HAS_PASSWORD: "Enter your password to delete your account.",
	PASSWORD_ALREADY_SET: "Your account already has a password.",
	CROSS_SITE_NAVIGATION_LOGIN_BLOCKED:
		"This sign-in came from another site and was stopped. Open the shop directly and try again.",
	INVALID_ORIGIN:
		"This request came from another site and was stopped. Open the shop directly and try again.",
	MISSING_OR_NULL_ORIGIN:
		"This request came from another site and was stopped. Open the shop directly and try again.",
	INVALID_CALLBACK_URL: "That return address is not part of this shop.",
	INVALID_REDIRECT_URL: "That return address is not part of this shop.",
	INVALID_ERROR_CALLBACK_URL: "That return address is not part of this shop.",
	INVALID_NEW_USER_CALLBACK_URL:
		"That return address is not part of this shop.",
	CALLBACK_URL_REQUIRED: "That return address is not part of this shop.",
	FIELD_NOT_ALLOWED: "That field cannot be changed.",
	ASYNC_VALIDATION_NOT_SUPPORTED: TRY_AGAIN,
	VALIDATION_ERROR:
		"Some of the details are not valid. Check the form and try again.",
	MISSING_FIELD: "Fill in every field of the form.",
	METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: TRY_AGAIN,
	BODY_MUST_BE_AN_OBJECT: "Fill in every field of the form.",
	// Two-factor sign-in.
	OTP_NOT_ENABLED: "Two-factor sign-in is not turned on for this account.",
	OTP_NOT_CONFIGURED: "Two-factor sign-in is not turned on for this account.",
	OTP_HAS_EXPIRED:
		"That code has expired. Enter the current code from your app.",
	TOTP_NOT_ENABLED: "Two-factor sign-in is not turned on for this account.",
	TOTP_ALREADY_ENABLED: "Two-factor sign-in is already on.",
	TOTP_NOT_CONFIGURED: "Two-factor sign-in is not turned on for this account.",
	TWO_FACTOR_NOT_ENABLED:
		"Two-factor sign-in is not turned on for this account.",
	BACKUP_CODES_NOT_ENABLED: "Backup codes are not set up for this account.",
	INVALID_BACKUP_CODE: "That backup code is not valid or was already used.",
	INVALID_CODE:
		"That code is not right. Enter the current 6-digit code from your app.",
	TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
		"Too many wrong codes. Sign in again to get a new try.",
	ACCOUNT_TEMPORARILY_LOCKED:
		"Too many wrong codes: two-factor sign-in is locked for a while. Try again later.",
	INVALID_TWO_FACTOR_COOKIE:
		"Your sign-in took too long. Enter your email and password again.",
	// Google (OpenID Connect).
	INVALID_OAUTH_CONFIGURATION:
		"Google sign-in is not set up correctly on this shop.",
	TOKEN_URL_NOT_FOUND: "Google sign-in is not set up correctly on this shop.",
	// Our own answers on the sign-in routes.
	TOO_MANY_REQUESTS: "Too many attempts. Wait a little and try again.",
	VALIDATION_FAILED:
		"Some of the details are not valid. Check the form and try again.",
	UNAUTHORIZED: SESSION_EXPIRED,
	FORBIDDEN: "This request came from another site and was stopped.",
	CONFLICT: "This cannot be done right now.",
	// Failures before an answer arrives.
	NETWORK_ERROR:
		"We could not reach the shop. Check your connection and try again.",
	UNEXPECTED: TRY_AGAIN,
};

/**
 * Errors of a Google sign-in, which come back to the login page as `?error=…` (lower-case codes of
 * the auth library's OAuth callback).
 */
export const OAUTH_CALLBACK_ERROR_MESSAGES: Record<string, string> = {
	no_code: GOOGLE_FAILED,
	oauth_provider_not_found: "Google sign-in is not set up on this shop.",
	issuer_missing: GOOGLE_FAILED,
	issuer_mismatch: GOOGLE_FAILED,
	invalid_code: GOOGLE_FAILED,
	nonce_binding_missing: GOOGLE_FAILED,
	unable_to_get_user_info: GOOGLE_FAILED,
	no_callback_url: GOOGLE_FAILED,
	unable_to_link_account:
		"An account with this email already exists and its email is not confirmed yet. Log in with your password (or confirm your email) first.",
	account_not_linked:
		"An account with this email already exists. Log in with your password (or use Forgot password).",
	email_does_not_match: "That Google account uses a different email address.",
	account_already_linked_to_different_user:
		"This Google account is already linked to another account.",
	email_not_found:
		"Your Google account did not share an email address, so we cannot sign you in with it.",
	email_not_verified: "Your Google email address is not verified.",
	state_mismatch:
		"Your Google sign-in took too long or was interrupted. Try again.",
	please_restart_the_process: "Your Google sign-in was interrupted. Try again.",
	internal_server_error: TRY_AGAIN,
	state_not_found:
		"Your Google sign-in took too long or was interrupted. Try again.",
	access_denied: "Google sign-in was cancelled.",
	invalid_request: GOOGLE_FAILED,
	signup_disabled: "New accounts cannot be created with Google here.",
};

/** The customer-facing sentence for a code; the retry time of a limit is appended when known. */
export function describeAuthError(
	code: string | undefined,
	serverMessage?: string,
): string {
	if (code === "TOO_MANY_REQUESTS" && serverMessage) return serverMessage;
	// Our own validation (sign-up rules, common passwords) and guardrails (the last admin) already
	// speak to the customer.
	if ((code === "VALIDATION_FAILED" || code === "CONFLICT") && serverMessage)
		return serverMessage;
	return (
		(code &&
			(AUTH_ERROR_MESSAGES[code] ?? OAUTH_CALLBACK_ERROR_MESSAGES[code])) ||
		TRY_AGAIN
	);
}
