import * as z from "zod/mini";
import { pageSchemaOf } from "./paging.schemas.ts";

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length; the cap stops a megabyte password from costing a megabyte of hashing. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * An ordinary address: something before one @, a domain with a dot, no spaces. Deliberately wider
 * than a 2–3-letter top-level domain: `a.b+c@shop.co.uk` and `.museum` addresses are real.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const EmailSchema = z
	.string()
	.check(
		z.trim(),
		z.minLength(1, "Email Address is required"),
		z.maxLength(254, "Provide a valid email"),
		z.regex(EMAIL_PATTERN, "Provide a valid email"),
	);

export const PasswordSchema = z
	.string()
	.check(
		z.minLength(1, "Password is required"),
		z.minLength(PASSWORD_MIN_LENGTH, "Must be 8 characters or longer"),
		z.maxLength(PASSWORD_MAX_LENGTH, "Must be 128 characters or fewer"),
	);

export const FullNameSchema = z
	.string()
	.check(
		z.trim(),
		z.minLength(1, "Full Name is required"),
		z.maxLength(100, "Full Name must be 100 characters or fewer"),
	);

export const SignUpInputSchema = z.object({
	name: FullNameSchema,
	email: EmailSchema,
	password: PasswordSchema,
});
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** The login form checks the same password rule as sign-up: no account has a shorter one. */
export const SignInInputSchema = z.object({
	email: EmailSchema,
	password: PasswordSchema,
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z.object({ password: PasswordSchema });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z.object({
	currentPassword: z.string().check(z.minLength(1, "Password is required")),
	newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const TotpCodeSchema = z
	.string()
	.check(z.trim(), z.regex(TOTP_CODE_PATTERN, "Enter the 6-digit code"));

export const ROLES = ["admin", "customer"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const SignInOptionsSchema = z.object({ google: z.boolean() });
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

const PROFILE_TEXT_LIMITS = {
	address: 200,
	city: 100,
	state: 100,
	zip: 20,
	username: 50,
	website: 200,
	bio: 1000,
} as const;
export type ProfileTextField = keyof typeof PROFILE_TEXT_LIMITS;
export const PROFILE_TEXT_FIELDS = Object.keys(
	PROFILE_TEXT_LIMITS,
) as ProfileTextField[];

function profileText(max: number) {
	return z.optional(
		z
			.string()
			.check(z.trim(), z.maxLength(max, `Must be ${max} characters or fewer`)),
	);
}

/** Editable profile fields; a field left out (or sent empty) keeps its stored value. */
export const ProfileUpdateSchema = z.strictObject({
	address: profileText(PROFILE_TEXT_LIMITS.address),
	city: profileText(PROFILE_TEXT_LIMITS.city),
	state: profileText(PROFILE_TEXT_LIMITS.state),
	zip: profileText(PROFILE_TEXT_LIMITS.zip),
	username: profileText(PROFILE_TEXT_LIMITS.username),
	website: z.optional(
		z.string().check(
			z.trim(),
			z.maxLength(
				PROFILE_TEXT_LIMITS.website,
				"Must be 200 characters or fewer",
			),
			z.refine(
				(value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value),
				"Website must start with http:// or https://",
			),
		),
	),
	bio: profileText(PROFILE_TEXT_LIMITS.bio),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ProfileSchema = z.object({
	name: z.string(),
	email: z.string(),
	image: z.nullable(z.string()),
	address: z.nullable(z.string()),
	city: z.nullable(z.string()),
	state: z.nullable(z.string()),
	zip: z.nullable(z.string()),
	username: z.nullable(z.string()),
	website: z.nullable(z.string()),
	bio: z.nullable(z.string()),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UserListItemSchema = z.object({
	id: z.string(),
	email: z.string(),
	name: z.string(),
	role: RoleSchema,
	created_at: z.iso.datetime(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UserPageSchema = pageSchemaOf(UserListItemSchema);
export type UserPage = z.infer<typeof UserPageSchema>;

export const USER_PAGE_SIZE = 20;

export const UserIdParamsSchema = z.object({
	id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a valid user id")),
});

export const UserSearchSchema = z.optional(
	z.string().check(z.trim(), z.maxLength(254, "Search is too long")),
);
