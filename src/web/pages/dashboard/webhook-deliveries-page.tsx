import { useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import {
	WEBHOOK_EVENT_LABELS,
	type WebhookDelivery,
} from "../../../shared/webhooks.schemas.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { PagedTable } from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import {
	WEBHOOK_DELIVERY_COLUMNS,
	WebhookDeliveryCells,
} from "../../features/webhooks/components/webhook-delivery-cells.tsx";
import { WebhookDeliveryDetails } from "../../features/webhooks/components/webhook-delivery-details.tsx";
import {
	useReplayWebhookDelivery,
	useWebhookDeliveryPage,
	useWebhookEndpointPage,
} from "../../features/webhooks/webhooks.queries.ts";
import { ApiError } from "../../lib/api-client.ts";
import { usePageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

const WEBHOOKS = "/dashboard/webhooks";

/**
 * An endpoint the shop does not know: removed (by another admin, or in another tab), or an
 * address that never named one (the API refuses an id that is not a UUID as invalid).
 */
const isEndpointGone = (error: unknown) =>
	error instanceof ApiError &&
	(error.code === "NOT_FOUND" || error.code === "VALIDATION_FAILED");

/** One endpoint's deliveries, for the admins; a customer is sent to their own dashboard. */
export function WebhookDeliveriesPage() {
	usePageTitle("Webhook deliveries");
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	if (!session.me.is_admin) return <Navigate to="/dashboard" replace />;
	return <WebhookDeliveries />;
}

/**
 * Every event sent to one endpoint, newest first, page by page with the page in the address:
 * where each stands (read again while one is pending), its details (the payload and every
 * attempt) in a dialog, and 'Send again' for any of them.
 */
function WebhookDeliveries() {
	const { endpointId = "" } = useParams();
	const [page, goTo] = usePageParam("page");
	const deliveries = useWebhookDeliveryPage(endpointId, page);
	const replay = useReplayWebhookDelivery();
	const [opened, setOpened] = useState<WebhookDelivery>();

	async function sendAgain(delivery: WebhookDelivery) {
		try {
			await replay.mutateAsync(delivery);
			notify.success("Delivery queued again");
		} catch (error) {
			notify.error(`Failed to send the delivery again${failureReason(error)}`);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="webhook-deliveries-title">
			<Link to={WEBHOOKS} className="link link-primary text-sm">
				← Webhooks
			</Link>
			<div className="space-y-1">
				<h1 id="webhook-deliveries-title" className="text-2xl font-bold">
					Webhook deliveries
				</h1>
				<EndpointLine endpointId={endpointId} />
			</div>
			{isEndpointGone(deliveries.error) ? (
				<EndpointGone />
			) : (
				<>
					<p className="max-w-3xl text-base-content/80">
						Every event sent to this endpoint, newest first. A delivery the
						endpoint does not take with a 2xx answer is tried again, with longer
						and longer pauses, up to 10 attempts; then it is marked failed.
						“Send again” sends the same event, with the same id, once more.
					</p>
					<QueryBoundary
						query={deliveries}
						loadingLabel="Loading the deliveries"
						errorTitle="The deliveries could not be loaded"
					>
						{(data) => {
							if (data.total === 0)
								return (
									<EmptyState message="Nothing sent yet: deliveries appear here once an event this endpoint asks for happens" />
								);
							return (
								<PagedTable
									page={data}
									isBusy={deliveries.isPlaceholderData}
									caption="Deliveries, newest first"
									columns={WEBHOOK_DELIVERY_COLUMNS}
									pagerLabel="Pages of deliveries"
									onGoTo={goTo}
									renderCells={(delivery) => (
										<WebhookDeliveryCells
											delivery={delivery}
											isReplaying={
												replay.isPending && replay.variables?.id === delivery.id
											}
											onDetails={setOpened}
											onReplay={(chosen) => void sendAgain(chosen)}
										/>
									)}
								/>
							);
						}}
					</QueryBoundary>
				</>
			)}
			<Modal
				isOpen={opened !== undefined}
				title={opened ? `Delivery: ${WEBHOOK_EVENT_LABELS[opened.event]}` : ""}
				className="w-11/12 max-w-3xl"
				onClose={() => setOpened(undefined)}
			>
				{opened && (
					<WebhookDeliveryDetails
						deliveryId={opened.id}
						onClose={() => setOpened(undefined)}
					/>
				)}
			</Modal>
		</section>
	);
}

/**
 * The endpoint's address (and description) under the title, from the list of endpoints: a shop
 * has at most 10, so its first page holds them all. Nothing while it loads, or once it is gone.
 */
function EndpointLine({ endpointId }: { endpointId: string }) {
	const endpoints = useWebhookEndpointPage(1);
	const endpoint = endpoints.data?.items.find(({ id }) => id === endpointId);
	if (!endpoint) return null;
	return (
		<>
			<p className="break-all font-mono text-lg">{endpoint.url}</p>
			{endpoint.description && (
				<p className="break-words text-base-content/80">
					{endpoint.description}
				</p>
			)}
		</>
	);
}

function EndpointGone() {
	return (
		<div className="space-y-4 py-4">
			<div role="alert" className="alert alert-warning">
				<div>
					<h2 className="font-semibold">This endpoint no longer exists</h2>
					<p className="text-sm">
						It may have been removed, and its deliveries with it.
					</p>
				</div>
			</div>
			<Link to={WEBHOOKS} className="btn btn-primary">
				Back to Webhooks
			</Link>
		</div>
	);
}
