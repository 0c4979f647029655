/** At most `max` requests in a fixed window of `windowMs`. */
export type QuotaLimit = { max: number; windowMs: number };

/**
 * A named allowance for a write a customer can repeat. Every request counts against the client
 * address; a signed-in caller's also counts against their account, so neither many accounts on
 * one network nor one account on many networks gets more.
 */
export type QuotaPolicy = {
	/** What is counted, in a refusal's words: "Too many {what} from your account." */
	what: string;
	perAccount: QuotaLimit;
	perAddress: QuotaLimit;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every quota a route can declare (`config: { quota }`), in one table. Each name is one
 * allowance shared by all the routes that declare it: a profile photo and a second one count
 * against the same "uploads".
 */
export const QUOTA_POLICIES = {
	orders: {
		what: "orders",
		perAccount: { max: 20, windowMs: MINUTE },
		perAddress: { max: 60, windowMs: MINUTE },
	},
	"order-changes": {
		what: "payments and cancellations",
		perAccount: { max: 30, windowMs: MINUTE },
		perAddress: { max: 90, windowMs: MINUTE },
	},
	reviews: {
		what: "review changes",
		perAccount: { max: 10, windowMs: HOUR },
		perAddress: { max: 30, windowMs: HOUR },
	},
	profile: {
		what: "profile changes",
		perAccount: { max: 30, windowMs: HOUR },
		perAddress: { max: 90, windowMs: HOUR },
	},
	uploads: {
		what: "uploads",
		perAccount: { max: 20, windowMs: HOUR },
		perAddress: { max: 60, windowMs: HOUR },
	},
	// Every save of the tool and blog forms may carry a photo, so each one counts: more than a
	// customer's uploads, as an admin fills the catalog.
	"admin-uploads": {
		what: "uploads",
		perAccount: { max: 120, windowMs: HOUR },
		perAddress: { max: 240, windowMs: HOUR },
	},
	"admin-writes": {
		what: "changes",
		perAccount: { max: 600, windowMs: HOUR },
		perAddress: { max: 1200, windowMs: HOUR },
	},
} as const satisfies Record<string, QuotaPolicy>;

export type QuotaName = keyof typeof QUOTA_POLICIES;
export type QuotaTable = Record<QuotaName, QuotaPolicy>;

export const QUOTA_NAMES = Object.keys(QUOTA_POLICIES) as QuotaName[];

/** The table with every figure multiplied by `scale` (QUOTA_SCALE), windows unchanged. */
export function scaleQuotas(table: QuotaTable, scale: number): QuotaTable {
	if (scale === 1) return table;
	const scaled = {} as Record<QuotaName, QuotaPolicy>;
	for (const name of QUOTA_NAMES) {
		const policy = table[name];
		scaled[name] = {
			what: policy.what,
			perAccount: { ...policy.perAccount, max: policy.perAccount.max * scale },
			perAddress: { ...policy.perAddress, max: policy.perAddress.max * scale },
		};
	}
	return scaled;
}
