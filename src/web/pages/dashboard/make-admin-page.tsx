import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { UserListItem } from "../../../shared/accounts.schemas.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
	PagedTable,
	type TableColumn,
} from "../../components/ui/paged-table.tsx";
import { QueryBoundary } from "../../components/ui/query-boundary.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import {
	useMakeAdmin,
	useRemoveUser,
	useUserPage,
} from "../../features/users/users.queries.ts";
import { ApiError } from "../../lib/api-client.ts";
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
	const [params, setParams] = useSearchParams();
	const page = readPage(params.get("page"));
	const search = params.get("q") ?? "";
	const [typed, setTyped] = useState(search);
	const [toRemove, setToRemove] = useState<UserListItem>();
	const users = useUserPage(page, search);
	const makeAdmin = useMakeAdmin();
	const removeUser = useRemoveUser();
	const session = useSession();
	const searchId = useId();

	// Typing settles for 300 ms before the list is asked again, from its first page.
	useEffect(() => {
		if (typed.trim() === search) return;
		const timer = setTimeout(() => {
			const next = new URLSearchParams();
			if (typed.trim()) next.set("q", typed.trim());
			setParams(next, { replace: true });
		}, 300);
		return () => clearTimeout(timer);
	}, [typed, search, setParams]);

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
			<div className="max-w-sm">
				<label className="label" htmlFor={searchId}>
					Search by email
				</label>
				<input
					id={searchId}
					type="search"
					className="input w-full"
					value={typed}
					onChange={(event) => setTyped(event.target.value)}
				/>
			</div>
			<QueryBoundary
				query={users}
				loadingLabel="Loading users"
				errorTitle="The users could not be loaded"
			>
				{(data) => {
					if (data.items.length === 0)
						return (
							<p className="py-8 text-center">
								{search ? `No users match “${search}”.` : "No users yet."}
							</p>
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
