import { useState } from "react";
import { Navigate } from "react-router";
import {
	API_KEYS_ACTIVE_MAX,
	type ApiKey,
	type CreatedApiKey,
	type NewApiKeyInput,
} from "../../../shared/api-keys.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Modal } from "../../components/ui/modal.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import {
	useApiKeyPage,
	useEditApiKeys,
} from "../../features/api-keys/api-keys.queries.ts";
import { ApiKeyForm } from "../../features/api-keys/components/api-key-form.tsx";
import { ApiKeyRow } from "../../features/api-keys/components/api-key-row.tsx";
import { NewKeySecret } from "../../features/api-keys/components/new-key-secret.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { usePageParam } from "../../lib/page-param.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { failureReason, notify } from "../../lib/toast.ts";

/** The admin's API keys; a customer is sent to their own dashboard (the API refuses them too). */
export function ApiKeysPage() {
	usePageTitle("API Keys");
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	if (!session.me.is_admin) return <Navigate to="/dashboard" replace />;
	return <ApiKeysAdmin />;
}

/**
 * The keys other systems use to reach the shop without an account: make one (its secret shown
 * once, in a dialog), the keys page by page newest first with the page in the address, and
 * revoke one after asking. Revoked keys stay listed, so the admins see what was closed and when.
 */
function ApiKeysAdmin() {
	const [page, goTo] = usePageParam("page");
	const keys = useApiKeyPage(page);
	const { create, revoke } = useEditApiKeys();
	// The key just made, with its secret: only while the dialog shows it.
	const [made, setMade] = useState<CreatedApiKey>();
	const [toRevoke, setToRevoke] = useState<ApiKey>();

	async function make(input: NewApiKeyInput) {
		const created = await create.mutateAsync(input);
		// The page holds the secret for the dialog; the mutation lets go of it.
		create.reset();
		setMade(created);
		notify.success("API key made");
	}

	async function revokeKey() {
		if (!toRevoke) return;
		try {
			await revoke.mutateAsync(toRevoke.id);
			notify.success("API key revoked");
		} catch (error) {
			notify.error(`Failed to revoke the key${failureReason(error)}`);
		} finally {
			setToRevoke(undefined);
		}
	}

	return (
		<section className="space-y-6" aria-labelledby="api-keys-title">
			<div className="space-y-2">
				<h1 id="api-keys-title" className="text-2xl font-bold">
					API Keys
				</h1>
				<p className="max-w-3xl text-base-content/80">
					An API key lets another system, such as an accounting tool or an ERP,
					read the catalog or the orders, or set the stock, without an account.
					It sends the key in the <code className="font-mono">X-Api-Key</code>{" "}
					header of each request. A shop holds at most {API_KEYS_ACTIVE_MAX}{" "}
					keys that are not revoked.
				</p>
			</div>
			<ApiKeyForm onMake={make} />
			<section className="space-y-4" aria-labelledby="api-keys-list-title">
				<h2 id="api-keys-list-title" className="text-xl font-semibold">
					Keys
				</h2>
				<QueryBoundary
					query={keys}
					loadingLabel="Loading the API keys"
					errorTitle="The API keys could not be loaded"
				>
					{(data) => {
						if (data.total === 0)
							return <EmptyState message="No API keys yet" />;
						return (
							<>
								<ul
									className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
									aria-label="API keys, newest first"
									aria-busy={keys.isPlaceholderData}
								>
									{data.items.map((apiKey) => (
										<li key={apiKey.id}>
											<ApiKeyRow apiKey={apiKey} onRevoke={setToRevoke} />
										</li>
									))}
								</ul>
								<Pager
									label="Pages of API keys"
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
				isOpen={made !== undefined}
				title="Copy your new key"
				onClose={() => setMade(undefined)}
			>
				{made && (
					<NewKeySecret
						name={made.key.name}
						secret={made.secret}
						onDone={() => setMade(undefined)}
					/>
				)}
			</Modal>
			<ConfirmDialog
				isOpen={toRevoke !== undefined}
				title="Revoke this key?"
				message={
					toRevoke &&
					`Systems using “${toRevoke.name}” stop working at once: the shop refuses the key from now on. This cannot be undone.`
				}
				confirmLabel="Revoke key"
				isPending={revoke.isPending}
				onConfirm={() => void revokeKey()}
				onCancel={() => setToRevoke(undefined)}
			/>
		</section>
	);
}
