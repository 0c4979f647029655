import { v7 } from "uuid";

/**
 * The id of a new row in a table that grows with the orders (orders, their refunds and deletions,
 * invoices, mails): a UUID whose first 48 bits are the time in milliseconds (version 7, RFC 9562),
 * the rest random.
 *
 * A random id (version 4) lands on a random page of the primary key's index, and of every index
 * led by it (an order's lines and events), so each order placed wrote a page of its own to each of
 * those indexes, and one commit of many orders wrote many pages. Ids that grow with time land at
 * the end of those indexes, where the orders of one commit share their pages (decision 016). The
 * ids stay unguessable enough for what they are: every route still checks who may see the row.
 */
export function timeOrderedId(): string {
	return v7();
}
