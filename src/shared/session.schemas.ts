import * as z from "zod/mini";

// A module of its own: every page asks who is signed in right after it shows, and should not
// load the sign-up, profile and user list schemas to read the answer.

/** The signed-in account, as `GET /api/me` answers it. */
export const MeSchema = z.object({
	id: z.string(),
	name: z.string(),
	email: z.string(),
	email_verified: z.boolean(),
	image: z.nullable(z.string()),
	is_admin: z.boolean(),
	two_factor_enabled: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/** `GET /api/session`: the same account, or null for a visitor (a 200 either way). */
export const SessionSchema = z.object({ me: z.nullable(MeSchema) });
export type Session = z.infer<typeof SessionSchema>;
