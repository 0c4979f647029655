/**
 * Every query key of the app, in one place. Each feature's keys start with its own root, so
 * invalidating the root refreshes every list and page of it; a change that touches another
 * feature (an order lowers a tool's stock, a profile change renames the session's user)
 * invalidates that feature's root from here, without importing the other feature's queries.
 */
export const queryKeys = {
	session: { all: ["session"] as const, me: ["session", "me"] as const },
	signInOptions: { all: ["sign-in-options"] as const },
	profile: { all: ["profile"] as const },
	tools: {
		all: ["tools"] as const,
		latest: (pageSize: number) => ["tools", "latest", pageSize] as const,
		search: (q: string, pageSize: number) =>
			["tools", "search", q, pageSize] as const,
		page: (page: number) => ["tools", "page", page] as const,
		tool: (toolId: string) => ["tools", "tool", toolId] as const,
		edited: (toolId: string) => ["tools", "edited", toolId] as const,
	},
	orders: {
		all: ["orders"] as const,
		mine: (pageSize: number) => ["orders", "mine", pageSize] as const,
		one: (orderId: string) => ["orders", "one", orderId] as const,
		/** One of the customer's orders with its timeline and refunds. */
		detail: (orderId: string) => ["orders", "detail", orderId] as const,
		/** Any order as the admins see it, with who did each step. */
		adminDetail: (orderId: string) =>
			["orders", "admin-detail", orderId] as const,
		list: (page: number, status: string, email: string) =>
			["orders", "list", page, status, email] as const,
		deletions: (page: number) => ["orders", "deletions", page] as const,
		holders: (page: number) => ["orders", "holders", page] as const,
	},
	quotes: {
		all: ["quotes"] as const,
		mine: (pageSize: number) => ["quotes", "mine", pageSize] as const,
		one: (quoteId: string) => ["quotes", "one", quoteId] as const,
		list: (page: number, status: string) =>
			["quotes", "list", page, status] as const,
	},
	paymentOptions: { all: ["payment-options"] as const },
	shopSettings: { all: ["shop-settings"] as const },
	imports: {
		all: ["imports"] as const,
		job: (jobId: string) => ["imports", "job", jobId] as const,
	},
	mailOutbox: {
		all: ["mail-outbox"] as const,
		page: (page: number, status: string) =>
			["mail-outbox", "page", page, status] as const,
	},
	cart: {
		all: ["cart"] as const,
		/** The signed-in customer's cart, kept by the server. */
		mine: ["cart", "mine"] as const,
		/** A visitor's browser cart as the server prices it; the lines are part of the key. */
		preview: (lines: readonly { tool_id: string; quantity: number }[]) =>
			["cart", "preview", lines] as const,
	},
	paymentTerms: {
		all: ["payment-terms"] as const,
		/** The signed-in customer's own terms, for the checkout. */
		mine: ["payment-terms", "mine"] as const,
		page: (page: number) => ["payment-terms", "page", page] as const,
		overdue: (page: number) => ["payment-terms", "overdue", page] as const,
	},
	receivingPoints: {
		all: ["receiving-points"] as const,
		list: (q: string, pageSize: number) =>
			["receiving-points", "list", q, pageSize] as const,
		page: (page: number, q: string) =>
			["receiving-points", "page", page, q] as const,
		count: ["receiving-points", "count"] as const,
	},
	reviews: {
		all: ["reviews"] as const,
		first: (count: number) => ["reviews", "first", count] as const,
		pages: (pageSize: number) => ["reviews", "pages", pageSize] as const,
		summary: () => ["reviews", "summary"] as const,
		mine: () => ["reviews", "mine"] as const,
		moderated: (page: number) => ["reviews", "moderated", page] as const,
		moderations: (page: number) => ["reviews", "moderations", page] as const,
	},
	blog: {
		all: ["blog-posts"] as const,
		pages: (pageSize: number) => ["blog-posts", "pages", pageSize] as const,
		post: (slug: string) => ["blog-posts", "post", slug] as const,
		adminPage: (page: number) => ["blog-posts", "admin", "page", page] as const,
		adminPost: (postId: string) =>
			["blog-posts", "admin", "post", postId] as const,
	},
	faqs: { all: ["faqs"] as const },
	portfolio: { all: ["portfolio"] as const },
	users: {
		all: ["users"] as const,
		page: (page: number, search: string) => ["users", page, search] as const,
	},
	sales: {
		all: ["sales"] as const,
		report: (period: string, until: string) =>
			["sales", "report", period, until] as const,
	},
	apiKeys: {
		all: ["api-keys"] as const,
		page: (page: number) => ["api-keys", "page", page] as const,
	},
	webhooks: {
		all: ["webhooks"] as const,
		page: (page: number) => ["webhooks", "page", page] as const,
		/** Every page of one endpoint's deliveries. */
		deliveries: (endpointId: string) =>
			["webhooks", "deliveries", endpointId] as const,
		deliveryPage: (endpointId: string, page: number) =>
			["webhooks", "deliveries", endpointId, page] as const,
		/** One delivery with its payload and attempt log. */
		delivery: (deliveryId: string) =>
			["webhooks", "delivery", deliveryId] as const,
	},
	audit: {
		all: ["audit-events"] as const,
		page: (page: number, kind: string) => ["audit-events", page, kind] as const,
	},
} as const;
