import { useState } from "react";
import { Navigate } from "react-router";
import {
	type CreatedWebhookEndpoint,
	WEBHOOK_ENDPOINTS_MAX,
	type WebhookEndpoint,
	type WebhookEndpointInput,
} from "../../../shared/webhooks.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { NewEndpointSecret } from "../../features/webhooks/components/new-endpoint-secret.tsx";
import { WebhookEndpointForm } from "../../features/webhooks/components/webhook-endpoint-form.tsx";
import { WebhookEndpointRow } from "../../features/webhooks/components/webhook-endpoint-row.tsx";
import {
	useEditWebhookEndpoints,
	useWebhookEndpointPage,
} from "../../features/webhooks/webhooks.queries.ts";
import { usePageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** The admin's webhooks; a customer is sent to their own dashboard (the API refuses them too). */
export function WebhooksPage() {
	usePageTitle("Webhooks");
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	if (!session.me.is_admin) return <Navigate to="/dashboard" replace />;
	return <WebhooksAdmin />;
}

/**
 * Where the shop tells other systems what happens: add an endpoint (its signing secret shown once,
 * in a dialog), the endpoints page by page newest first with the page in the address, each with a
 * link to its deliveries, and remove one after asking.
 */
function WebhooksAdmin() {
	const [page, goTo] = usePageParam("page");
	const endpoints = useWebhookEndpointPage(page);
	const { add, remove } = useEditWebhookEndpoints();
	// The endpoint just added, with its secret: only while the dialog shows it.
	const [added, setAdded] = useState<CreatedWebhookEndpoint>();
	const [toRemove, setToRemove] = useState<WebhookEndpoint>();

	async function addEndpoint(input: WebhookEndpointInput) {
		const created = await add.mutateAsync(input);
		// The page holds the secret for the dialog; the mutation lets go of it.
		add.reset();
		setAdded(created);
		notify.success("Endpoint added");
	}

	async function removeEndpoint() {
		if (!toRemove) return;
		try {
			await remove.mutateAsync(toRemove.id);
			notify.success("Endpoint removed");
		} catch (error) {
			notify.error(`Failed to remove the endpoint${failureReason(error)}`);
		} finally {
			setToRemove(undefined);
		}
	}

	return (
		<section className="space-y-6" aria-labelledby="webhooks-title">
			<div className="space-y-2">
				<h1 id="webhooks-title" className="text-2xl font-bold">
					Webhooks
				</h1>
				<p className="max-w-3xl text-base-content/80">
					A webhook tells another system, such as an ERP or a warehouse, the
					moment something happens in the shop: an order is placed, paid or
					shipped, a tool is added or changed. Each endpoint is sent the events
					it asks for, as JSON, and the shop tries again for a while when one is
					not taken. A shop sends to at most {WEBHOOK_ENDPOINTS_MAX} endpoints.
				</p>
				<p className="max-w-3xl text-base-content/80">
					Each delivery is signed in the{" "}
					<code className="font-mono">Tools-Gallery-Signature</code> header with
					the endpoint's secret, so the receiver can tell it comes from the
					shop. The{" "}
					<a href="/api/docs" className="link link-primary">
						API reference
					</a>{" "}
					says how to check it.
				</p>
			</div>
			<WebhookEndpointForm onAdd={addEndpoint} />
			<section className="space-y-4" aria-labelledby="webhooks-list-title">
				<h2 id="webhooks-list-title" className="text-xl font-semibold">
					Endpoints
				</h2>
				<QueryBoundary
					query={endpoints}
					loadingLabel="Loading the webhook endpoints"
					errorTitle="The webhook endpoints could not be loaded"
				>
					{(data) => {
						if (data.total === 0)
							return <EmptyState message="No webhook endpoints yet" />;
						return (
							<>
								<ul
									className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
									aria-label="Webhook endpoints, newest first"
									aria-busy={endpoints.isPlaceholderData}
								>
									{data.items.map((endpoint) => (
										<li key={endpoint.id}>
											<WebhookEndpointRow
												endpoint={endpoint}
												onRemove={setToRemove}
											/>
										</li>
									))}
								</ul>
								<Pager
									label="Pages of webhook endpoints"
									page={data.page}
									pageCount={Math.max(
										1,
										Math.ceil(data.total / data.page_size),
									)}
									onGoTo={goTo}
								/>
							</>
						);
					}}
				</QueryBoundary>
			</section>
			<Modal
				isOpen={added !== undefined}
				title="Copy the signing secret"
				onClose={() => setAdded(undefined)}
			>
				{added && (
					<NewEndpointSecret
						url={added.endpoint.url}
						secret={added.secret}
						onDone={() => setAdded(undefined)}
					/>
				)}
			</Modal>
			<ConfirmDialog
				isOpen={toRemove !== undefined}
				title="Remove this endpoint?"
				message={
					toRemove && (
						<p className="break-words">
							{"The shop stops sending events to "}
							<span className="break-all font-mono">{toRemove.url}</span>
							{
								" at once, and its deliveries and their log are deleted with it. This cannot be undone."
							}
						</p>
					)
				}
				confirmLabel="Remove endpoint"
				isPending={remove.isPending}
				onConfirm={() => void removeEndpoint()}
				onCancel={() => setToRemove(undefined)}
			/>
		</section>
	);
}
