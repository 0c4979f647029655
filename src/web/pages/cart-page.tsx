import { useCallback, useState } from "react";
import { Link } from "react-router";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { ErrorState } from "../components/ui/error-state.tsx";
import { QueryBoundary } from "../components/ui/query-boundary.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/session.queries.ts";
import { useCart } from "../features/cart/cart.queries.ts";
import type { CartOwner } from "../features/cart/cart-owner.ts";
import { CartLineRow } from "../features/cart/components/cart-line-row.tsx";
import { CartSummary } from "../features/cart/components/cart-summary.tsx";
import { usePageTitle } from "../lib/page-title.ts";

/**
 * The cart: a visitor's kept in the browser, a customer's on the server. Each line's quantity
 * can be changed or the line removed; 'Checkout' leads on, a visitor through signing in first.
 */
export function CartPage() {
	usePageTitle("Cart");
	const session = useSession();
	return (
		<section
			className="mx-auto max-w-6xl space-y-6 px-4 py-10"
			aria-labelledby="cart-title"
		>
			<h1 id="cart-title" className="text-3xl font-bold">
				Cart
			</h1>
			{session.status === "loading" ? (
				<Spinner label="Checking your account" />
			) : session.status === "error" ? (
				<ErrorState
					title="We could not check your account"
					message={session.error.message}
					onRetry={session.retry}
				/>
			) : (
				<CartContent owner={session.me ? "customer" : "visitor"} />
			)}
		</section>
	);
}

function CartContent({ owner }: { owner: CartOwner }) {
	const cart = useCart(owner);
	// Lines whose typed quantity breaks the purchase rule: checking out waits for them.
	const [linesWithProblems, setLinesWithProblems] = useState<
		ReadonlySet<string>
	>(new Set());
	const markProblem = useCallback((toolId: string, hasProblem: boolean) => {
		setLinesWithProblems((current) => {
			if (current.has(toolId) === hasProblem) return current;
			const next = new Set(current);
			if (hasProblem) next.add(toolId);
			else next.delete(toolId);
			return next;
		});
	}, []);

	return (
		<QueryBoundary
			query={cart}
			loadingLabel="Loading your cart"
			errorTitle="Your cart could not be loaded"
		>
			{(data) => {
				if (data.lines.length === 0)
					return (
						<EmptyState
							message="Your cart is empty"
							action={
								// A full load: the home page then scrolls to its tools by itself.
								<a href="/#latest-tools" className="btn btn-primary">
									Browse the tools
								</a>
							}
						/>
					);
				const canCheckOut =
					data.can_check_out &&
					linesWithProblems.size === 0 &&
					!cart.isPlaceholderData;
				return (
					<div className="grid items-start gap-8 lg:grid-cols-[1fr_20rem]">
						<ul className="flex flex-col gap-4" aria-label="Tools in your cart">
							{data.lines.map((line) => (
								<li key={line.tool_id}>
									<CartLineRow
										line={line}
										owner={owner}
										onProblem={markProblem}
									/>
								</li>
							))}
						</ul>
						<CartSummary cart={data} isUpdating={cart.isPlaceholderData}>
							{canCheckOut ? (
								<Link to="/checkout" className="btn btn-primary btn-lg">
									Checkout
								</Link>
							) : (
								<button
									type="button"
									className="btn btn-primary btn-lg"
									disabled
								>
									Checkout
								</button>
							)}
							{!canCheckOut && !cart.isPlaceholderData && (
								<p className="text-sm">
									Change or remove the lines marked in red to check out.
								</p>
							)}
							{owner === "visitor" && (
								<p className="text-sm text-base-content/80">
									You sign in or create an account before checking out; your
									cart comes with you.
								</p>
							)}
						</CartSummary>
					</div>
				);
			}}
		</QueryBoundary>
	);
}
