import { useEffect, useState } from "react";
import { formatCents } from "../../../../shared/money.ts";
import type { Page } from "../../../../shared/paging.schemas.ts";
import type { PaymentTerms } from "../../../../shared/payment-terms.schemas.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import {
	PagedTable,
	type TableColumn,
} from "../../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../../components/ui/query-boundary.tsx";
import { formatDay } from "../../../lib/dates.ts";
import { usePageParam } from "../../../lib/page-param.ts";
import { failureReason, notify } from "../../../lib/toast.ts";
import {
	usePaymentTermsPage,
	useRevokePaymentTerms,
} from "../payment-terms.queries.ts";

const TERMS_COLUMNS: readonly TableColumn[] = [
	{ label: "Customer" },
	{ label: "Terms" },
	{ label: "Credit limit" },
	{ label: "Owed" },
	{ label: "Approved" },
	{ label: "Actions", isLabelHidden: true },
];

/** The table's rows are named by the customer's account. */
function withRowIds(page: Page<PaymentTerms>) {
	return {
		...page,
		items: page.items.map((terms) => ({ ...terms, id: terms.user_id })),
	};
}

function TermsCells({
	terms,
	onChange,
	onWithdraw,
}: {
	terms: PaymentTerms;
	onChange: (terms: PaymentTerms) => void;
	onWithdraw: (terms: PaymentTerms) => void;
}) {
	// A limit lowered after invoices were issued: they stay owed, and no new one fits.
	const isOverLimit = terms.owed_cents > terms.credit_limit_cents;
	return (
		<>
			<td>
				<div>{terms.name}</div>
				<div className="text-sm text-base-content/70">{terms.email}</div>
			</td>
			<td className="whitespace-nowrap">Net {terms.net_days}</td>
			<td>{formatCents(terms.credit_limit_cents)}</td>
			<td>
				{formatCents(terms.owed_cents)}
				{isOverLimit && (
					<div className="text-sm text-error">Over the limit</div>
				)}
			</td>
			<td>
				<div className="whitespace-nowrap">{formatDay(terms.approved_at)}</div>
				<div className="text-sm text-base-content/70">
					by {terms.approved_by_email}
				</div>
			</td>
			<td>
				<div className="flex flex-wrap gap-2">
					<button
						type="button"
						className="btn btn-xs"
						aria-label={`Change the terms of ${terms.email}`}
						onClick={() => onChange(terms)}
					>
						Change
					</button>
					<button
						type="button"
						className="btn btn-error btn-outline btn-xs"
						aria-label={`Withdraw the terms of ${terms.email}`}
						onClick={() => onWithdraw(terms)}
					>
						Withdraw
					</button>
				</div>
			</td>
		</>
	);
}

/**
 * The customers approved to pay by invoice, the latest approved first, with their terms, credit
 * limit and what they owe on open invoices; the page is in the address. 'Change' hands a
 * customer's terms to the form (`onChange`); 'Withdraw' asks first.
 */
export function ApprovedCustomersSection({
	onChange,
}: {
	onChange: (terms: PaymentTerms) => void;
}) {
	const [page, goTo] = usePageParam("page");
	const approved = usePaymentTermsPage(page);
	const revoke = useRevokePaymentTerms();
	const [toWithdraw, setToWithdraw] = useState<PaymentTerms>();

	const data = approved.data;
	const pageCount = data
		? Math.max(1, Math.ceil(data.total / data.page_size))
		: 1;
	// Withdrawing the last customer of the last page leaves it empty: show the one before it.
	const isPastTheEnd =
		!approved.isPlaceholderData &&
		data !== undefined &&
		data.total > 0 &&
		page > pageCount;
	useEffect(() => {
		if (isPastTheEnd) goTo(pageCount);
	}, [isPastTheEnd, pageCount, goTo]);

	async function withdraw() {
		if (!toWithdraw) return;
		try {
			await revoke.mutateAsync(toWithdraw.user_id);
			notify.info(`${toWithdraw.email} can no longer pay by invoice`);
		} catch (error) {
			notify.error(`Failed to withdraw the terms${failureReason(error)}`);
		} finally {
			setToWithdraw(undefined);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="approved-customers-title">
			<h2 id="approved-customers-title" className="text-xl font-semibold">
				Approved customers
			</h2>
			<QueryBoundary
				query={approved}
				loadingLabel="Loading the approved customers"
				errorTitle="The approved customers could not be loaded"
			>
				{(terms) =>
					terms.total === 0 ? (
						<EmptyState message="No customer may pay by invoice yet. Approve one above." />
					) : (
						<PagedTable
							page={withRowIds(terms)}
							isBusy={approved.isPlaceholderData}
							caption="Customers approved to pay by invoice, the latest approved first"
							columns={TERMS_COLUMNS}
							pagerLabel="Pages of approved customers"
							onGoTo={goTo}
							renderCells={(row) => (
								<TermsCells
									terms={row}
									onChange={onChange}
									onWithdraw={setToWithdraw}
								/>
							)}
						/>
					)
				}
			</QueryBoundary>
			<ConfirmDialog
				isOpen={toWithdraw !== undefined}
				title="Withdraw these payment terms?"
				message={
					toWithdraw &&
					`${toWithdraw.name} (${toWithdraw.email}) can no longer choose to pay by invoice at checkout. Invoices already issued stay owed.`
				}
				confirmLabel="Withdraw"
				isPending={revoke.isPending}
				onConfirm={() => void withdraw()}
				onCancel={() => setToWithdraw(undefined)}
			/>
		</section>
	);
}
