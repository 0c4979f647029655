/**
 * An admin is an account whose role says so, or whose email is listed in ADMIN_EMAILS once that
 * email is verified: otherwise whoever signed up first with the owner's address would be admin.
 */
export function isAdminAccount(
	account: { role: unknown; email: string; emailVerified: boolean },
	adminEmails: readonly string[],
): boolean {
	if (account.role === "admin") return true;
	return (
		account.emailVerified && adminEmails.includes(account.email.toLowerCase())
	);
}
