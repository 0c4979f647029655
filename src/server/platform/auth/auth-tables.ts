/**
 * Where better-auth keeps its models in our database: plural snake_case tables and columns, like
 * the rest of the schema. The migration that creates them is ours (2026-11-23-0900-create-accounts).
 */
export const AUTH_TABLES = {
	user: {
		modelName: "users",
		fields: {
			emailVerified: "email_verified",
			createdAt: "created_at",
			updatedAt: "updated_at",
		},
	},
	session: {
		modelName: "sessions",
		fields: {
			expiresAt: "expires_at",
			createdAt: "created_at",
			updatedAt: "updated_at",
			ipAddress: "ip_address",
			userAgent: "user_agent",
			userId: "user_id",
		},
	},
	account: {
		modelName: "accounts",
		fields: {
			accountId: "account_id",
			providerId: "provider_id",
			userId: "user_id",
			accessToken: "access_token",
			refreshToken: "refresh_token",
			idToken: "id_token",
			accessTokenExpiresAt: "access_token_expires_at",
			refreshTokenExpiresAt: "refresh_token_expires_at",
			createdAt: "created_at",
			updatedAt: "updated_at",
		},
	},
	verification: {
		modelName: "verifications",
		fields: {
			expiresAt: "expires_at",
			createdAt: "created_at",
			updatedAt: "updated_at",
		},
	},
	twoFactor: {
		modelName: "two_factors",
		fields: {
			backupCodes: "backup_codes",
			userId: "user_id",
			failedVerificationCount: "failed_verification_count",
			lockedUntil: "locked_until",
		},
	},
	userTwoFactorEnabled: "two_factor_enabled",
} as const;
