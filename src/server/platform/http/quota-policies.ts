import type { FastifyRequest } from "fastify";

/** At most `max` requests in a fixed window of `windowMs`. */
export type QuotaLimit = { max: number; windowMs: number };

/**
 * A named allowance for a request a caller can repeat: a write, or a search. Every request counts
 * against the client address; a signed-in caller's also counts against their account, so neither
 * many accounts on one network nor one account on many networks gets more.
 */
export type QuotaPolicy = {
	/** What is counted, in a refusal's words: "Too many {what} from your account." */
	what: string;
	perAccount: QuotaLimit;
	perAddress: QuotaLimit;
	/** Which requests of the routes that declare it count; every one when left out. */
	counts?: (request: FastifyRequest) => boolean;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Whether a request reads what no cache holds: a query string with a `q` that has a letter or
 * digit in it (a search), or an `updated_since` (the changes since a time).
 */
function isSearch(request: FastifyRequest): boolean {
	const query: unknown = request.query;
	if (typeof query !== "object" || query === null) return false;
	if ("updated_since" in query && query.updated_since !== undefined)
		return true;
	if (!("q" in query)) return false;
	return typeof query.q === "string" && /[\p{L}\p{N}]/u.test(query.q);
}

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
	// Every change of a cart line and every pricing of a visitor's cart: a customer changing
	// quantities as they type is far below this, a script hammering the stock lookups is not.
	cart: {
		what: "cart changes",
		perAccount: { max: 120, windowMs: MINUTE },
		perAddress: { max: 360, windowMs: MINUTE },
	},
	// Each invoice PDF is drawn when downloaded: an account (an admin doing the books included)
	// downloads a few dozen an hour, not thousands.
	documents: {
		what: "document downloads",
		perAccount: { max: 120, windowMs: HOUR },
		perAddress: { max: 240, windowMs: HOUR },
	},
	// Asking for a quote mails the shop, and withdrawing one is its undo: a customer asks for a few
	// a day; 10 open requests at most are held (quotes feature) whatever this allows.
	quotes: {
		what: "quote requests",
		perAccount: { max: 20, windowMs: HOUR },
		perAddress: { max: 60, windowMs: HOUR },
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
	// Each CSV import is read whole and checked row by row (up to 20,000): an admin checks and
	// imports a file a few times an hour, not hundreds.
	imports: {
		what: "imports",
		perAccount: { max: 60, windowMs: HOUR },
		perAddress: { max: 120, windowMs: HOUR },
	},
	// Searches of the catalog, the one read anyone can make the database work for: each new search
	// is read afresh (the list cache keeps the ones asked for most). Someone typing makes a search
	// a keystroke at most; an office behind one address makes many. The search plan keeps each one
	// cheap; this only stops one address from asking thousands a minute. The list is public, so
	// its caller's session is not read: every search counts against its address, and the plain
	// list (no q) not at all.
	searches: {
		what: "searches",
		perAccount: { max: 1200, windowMs: MINUTE },
		perAddress: { max: 1200, windowMs: MINUTE },
		counts: isSearch,
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
			...policy,
			perAccount: { ...policy.perAccount, max: policy.perAccount.max * scale },
			perAddress: { ...policy.perAddress, max: policy.perAddress.max * scale },
		};
	}
	return scaled;
}
