import { useState } from "react";
import type { PaymentTerms } from "../../../shared/payment-terms.schemas.ts";
import { ApprovedCustomersSection } from "../../features/payment-terms/components/approved-customers-section.tsx";
import { OverdueInvoicesSection } from "../../features/payment-terms/components/overdue-invoices-section.tsx";
import { PaymentTermsForm } from "../../features/payment-terms/components/payment-terms-form.tsx";
import { usePageTitle } from "../../lib/page-title.ts";

/** What the form starts from: blank, or a listed customer's terms to change. */
type FormStart = { key: number; prefill?: PaymentTerms };

/**
 * Pay by invoice, for the admins: approve a customer (or change their terms), the customers
 * approved with what they owe, and the invoices past their due date.
 */
export function PaymentTermsPage() {
	usePageTitle("Payment Terms");
	// A new key starts the form afresh: after a save, and each time 'Change' fills it.
	const [start, setStart] = useState<FormStart>({ key: 0 });

	return (
		<section className="space-y-8" aria-labelledby="payment-terms-title">
			<div className="space-y-2">
				<h1 id="payment-terms-title" className="text-2xl font-bold">
					Payment Terms
				</h1>
				<p className="max-w-3xl text-base-content/80">
					An approved customer may choose to pay by invoice at checkout, as long
					as what they owe on open invoices stays within their credit limit. The
					invoice is issued at once and is due after the days of their terms.
				</p>
			</div>
			<PaymentTermsForm
				key={start.key}
				prefill={start.prefill}
				onSaved={() => setStart((current) => ({ key: current.key + 1 }))}
			/>
			<ApprovedCustomersSection
				onChange={(terms) =>
					setStart((current) => ({ key: current.key + 1, prefill: terms }))
				}
			/>
			<OverdueInvoicesSection />
		</section>
	);
}
