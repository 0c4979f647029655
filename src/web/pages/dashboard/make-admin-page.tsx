import { useCallback, useState } from "react";
import { useSearchParams } from "react-router";
import type { UserListItem } from "../../../shared/accounts.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import {
	PagedTable,
	type TableColumn,
} from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { SearchField } from "../../components/ui/search-field.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import {
	useMakeAdmin,
	useRemoveUser,
	useUserPage,
} from "../../features/users/users.queries.ts";
import { ApiError } from "../../lib/api-client.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";

function reasonOf(error: unknown): string {
	return error instanceof ApiError && error.status < 500
		? `: ${error.message}`
		: "";
}

function readPage(value: string | null): number {
	const page = Number(value);
	return Number.isInteger(page) && page >= 1 ? page : 1;
}

const USER_COLUMNS: readonly TableColumn[] = [
	{ label: "#" },
	{ label: "Email" },
	{ label: "Name" },
	{ label: "Role" },
	{ label: "Actions", isLabelHidden: true },
];

export function MakeAdminPage() {
	usePageTitle("Make Admin");
	const [params, setParams] = useSearchParams();
	const page = readPage(params.get("page"));
	const search = params.get("q") ?? "";
	const [toRemove, setToRemove] = useState<UserListItem>();
	const users = useUserPage(page, search);
	const makeAdmin = useMakeAdmin();
	const removeUser = useRemoveUser();
	const session = useSession();

	const searchEmail = useCallback(
		(text: string) => {
			const next = new URLSearchParams();
			if (text) next.set("q", text);
			setParams(next, { replace: true });
		},
		[setParams],
	);

	function goTo(nextPage: number) {
		const next = new URLSearchParams(params);
		next.set("page", String(nextPage));
		setParams(next);
	}

	async function promote(user: UserListItem) {
		try {
			await makeAdmin.mutateAsync(user.id);
			notify.success(`${user.email} is now an admin`);
		} catch (error) {
			notify.error(`Failed to make admin${reasonOf(error)}`);
		}
	}

	async function remove() {
		if (!toRemove) return;
		try {
			await removeUser.mutateAsync(toRemove.id);
			setToRemove(undefined);
			notify.info("Item deleted", { autoClose: 500 });
		} catch (error) {
			setToRemove(undefined);
			notify.error(
				error instanceof ApiError ? error.message : "Failed to remove the user",
			);
		}
	}

	return (
		<section className="space-y-4" aria-labelledby="make-admin-title">
			<h1 id="make-admin-title" className="text-2xl font-bold">
				Make Admin
			</h1>
			<SearchField
				label="Search by email"
				className="max-w-sm"
				value={search}
				onSearch={searchEmail}
			/>
			<QueryBoundary
				query={users}
				loadingLabel="Loading users"
				errorTitle="The users could not be loaded"
			>
				{(data) => {
					if (data.items.length === 0)
						return (
							<EmptyState
								message={
									search ? `No users match “${search}”.` : "No users yet."
								}
							/>
						);
					return (
						<PagedTable
							page={data}
							caption="Users, admins first"
							columns={USER_COLUMNS}
							pagerLabel="Pages of users"
							onGoTo={goTo}
							renderCells={(user, position) => (
								<>
									<td>{position + 1}</td>
									<td>{user.email}</td>
									<td>{user.name}</td>
									<td>
										{user.role === "admin" ? (
											<span className="badge badge-success">Admin</span>
										) : (
											<button
												type="button"
												className="btn btn-primary btn-xs"
												disabled={makeAdmin.isPending}
												onClick={() => void promote(user)}
											>
												Make Admin
											</button>
										)}
									</td>
									<td>
										{user.id !== session.me?.id && (
											<button
												type="button"
												className="btn btn-error btn-outline btn-xs"
												aria-label={`Remove ${user.email}`}
												onClick={() => setToRemove(user)}
											>
												Remove
											</button>
										)}
									</td>
								</>
							)}
						/>
					);
				}}
			</QueryBoundary>
			<ConfirmDialog
				isOpen={toRemove !== undefined}
				title="Remove this user?"
				message={`${toRemove?.email ?? ""} will be signed out everywhere and their account deleted.`}
				confirmLabel="Remove user"
				isPending={removeUser.isPending}
				onConfirm={() => void remove()}
				onCancel={() => setToRemove(undefined)}
			/>
		</section>
	);
}
