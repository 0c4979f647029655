import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import type {
	ImportJob,
	ImportMode,
	ImportReportRow,
} from "../../../shared/catalog-csv.schemas.ts";
import { errorResponse, jsonResponse } from "../../test-support/fake-api.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

type Upload = { mode: ImportMode; fileName: string };

/**
 * The import API as the server answers it: each upload is a job that answers "running" (half its
 * rows checked) once, then its outcome, which `judge` decides from the upload. Returns the
 * uploads sent, in order.
 */
function serveImports(
	judge: (upload: Upload) => {
		rows: ImportReportRow[];
		applied: boolean;
		message: string;
	},
): Upload[] {
	const uploads: Upload[] = [];
	const polls = new Map<string, number>();
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			if (url.pathname === "/api/session") return jsonResponse({ me: admin });
			if (url.pathname === "/api/admin/imports/tools" && method === "POST") {
				const form = init?.body as FormData;
				const file = form.get("file") as File;
				const upload = {
					mode: form.get("mode") as ImportMode,
					fileName: file.name,
				};
				if (file.name === "broken.csv")
					return errorResponse(
						400,
						"VALIDATION_FAILED",
						'Line 4: a quoted cell starts here and is never closed: a quote (") is missing.',
					);
				uploads.push(upload);
				return jsonResponse(
					{ job_id: `00000000-0000-4000-8000-00000000000${uploads.length}` },
					202,
				);
			}
			const jobId = /^\/api\/admin\/imports\/([^/]+)$/.exec(url.pathname)?.[1];
			const upload = uploads[Number(jobId?.slice(-1)) - 1];
			if (jobId && upload) {
				const seen = polls.get(jobId) ?? 0;
				polls.set(jobId, seen + 1);
				const outcome = judge(upload);
				const total = outcome.rows.length;
				const count = (result: string) =>
					outcome.rows.filter((row) => row.result === result).length;
				const job: ImportJob = {
					job_id: jobId,
					mode: upload.mode,
					status:
						seen === 0
							? "running"
							: upload.mode === "apply" && !outcome.applied
								? "failed"
								: "done",
					processed_rows: seen === 0 ? Math.floor(total / 2) : total,
					total_rows: total,
					created_at: "2026-12-01T10:00:00.000Z",
					finished_at: seen === 0 ? null : "2026-12-01T10:00:01.000Z",
					...(seen === 0
						? {}
						: {
								report: {
									applied: outcome.applied,
									message: outcome.message,
									created: count("create"),
									updated: count("update"),
									unchanged: count("unchanged"),
									failed: count("error"),
									rows: outcome.rows,
								},
							}),
				};
				return jsonResponse(job);
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	return uploads;
}

async function openPage() {
	renderWithProviders(<DashboardRoutes />, {
		path: "/dashboard/*",
		url: "/dashboard/import-export",
	});
	expect(
		await screen.findByRole("heading", { level: 1, name: "Import & Export" }),
	).toBeVisible();
	return userEvent.setup();
}

const csvFile = (name: string, text = "sku,tool_name\r\nA-1,Saw\r\n") =>
	new File([text], name, { type: "text/csv" });

const reportRows = () =>
	within(screen.getByRole("table", { name: "The rows of the file, by line" }))
		.getAllByRole("row")
		.slice(1)
		.map((row) =>
			within(row)
				.getAllByRole("cell")
				.map((cell) => cell.textContent),
		);

test("both exports are downloads; the orders' days are checked before one is offered", async () => {
	serveImports(() => ({ rows: [], applied: false, message: "" }));
	const user = await openPage();
	expect(
		screen.getByRole("link", { name: "Download tools CSV" }),
	).toHaveAttribute("href", "/api/admin/exports/tools.csv");
	const orders = screen.getByRole("link", { name: "Download orders CSV" });
	expect(orders).toHaveAttribute("href", "/api/admin/exports/orders.csv");
	expect(orders).toHaveAttribute("download");
	await user.type(screen.getByLabelText("Placed from"), "2026-11-05");
	await user.type(screen.getByLabelText("Placed to"), "2026-11-01");
	expect(screen.getByText("from must not be after to")).toBeVisible();
	expect(
		screen.getByRole("button", { name: "Download orders CSV" }),
	).toBeDisabled();
	await user.clear(screen.getByLabelText("Placed from"));
	expect(
		screen.getByRole("link", { name: "Download orders CSV" }),
	).toHaveAttribute("href", "/api/admin/exports/orders.csv?to=2026-11-01");
});

test("a check shows its progress, then each row's line and errors; only a clean check of the same file enables Import", async () => {
	const uploads = serveImports(({ mode, fileName }) => {
		if (fileName === "tools.csv")
			return {
				applied: false,
				message: "1 row has errors: fix them and check the file again.",
				rows: [
					{ line: 2, sku: "A-1", result: "create", errors: [] },
					{
						line: 3,
						sku: "B-2",
						result: "error",
						errors: [{ column: "price", message: "Price is required" }],
					},
				],
			};
		const rows: ImportReportRow[] = [
			{ line: 2, sku: "A-1", result: "create", errors: [] },
			{ line: 3, sku: "B-2", result: "update", errors: [] },
		];
		return mode === "apply"
			? {
					applied: true,
					message: "Imported: 1 tool added, 1 changed, 0 unchanged.",
					rows,
				}
			: {
					applied: false,
					message:
						"The file is ready to import: 1 tool to add, 1 to change, 0 unchanged.",
					rows,
				};
	});
	const user = await openPage();
	expect(
		screen.getByText("No file checked yet: choose a CSV file and check it."),
	).toBeVisible();
	const importButton = screen.getByRole("button", { name: "Import" });
	expect(importButton).toBeDisabled();

	await user.upload(screen.getByLabelText("CSV file"), csvFile("tools.csv"));
	await user.click(screen.getByRole("button", { name: "Check file" }));
	expect(await screen.findByRole("progressbar")).toHaveAttribute("value", "1");
	expect(screen.getByText("Checking: 1 of 2 rows checked")).toBeVisible();
	expect(
		await screen.findByText(
			"1 row has errors: fix them and check the file again.",
		),
	).toBeVisible();
	// The rows with errors first; all of them on request.
	expect(reportRows()).toEqual([
		["3", "B-2", "Error: price: Price is required"],
	]);
	await user.click(screen.getByLabelText("Only rows with errors"));
	expect(reportRows()).toEqual([
		["2", "A-1", "New tool"],
		["3", "B-2", "Error: price: Price is required"],
	]);
	expect(importButton).toBeDisabled();

	await user.upload(screen.getByLabelText("CSV file"), csvFile("fixed.csv"));
	expect(importButton).toBeDisabled();
	await user.click(screen.getByRole("button", { name: "Check file" }));
	expect(
		await screen.findByText(
			"The file is ready to import: 1 tool to add, 1 to change, 0 unchanged.",
		),
	).toBeVisible();
	await waitFor(() => expect(importButton).toBeEnabled());
	await user.click(importButton);
	expect(
		await screen.findByText("Imported: 1 tool added, 1 changed, 0 unchanged."),
	).toBeVisible();
	expect(importButton).toBeDisabled();
	expect(uploads).toEqual([
		{ mode: "dry_run", fileName: "tools.csv" },
		{ mode: "dry_run", fileName: "fixed.csv" },
		{ mode: "apply", fileName: "fixed.csv" },
	]);
});

test("a file the server cannot read shows its message; one too large or not CSV is refused before it is sent", async () => {
	const uploads = serveImports(() => ({
		rows: [],
		applied: false,
		message: "",
	}));
	const user = await openPage();
	await user.upload(screen.getByLabelText("CSV file"), csvFile("broken.csv"));
	await user.click(screen.getByRole("button", { name: "Check file" }));
	expect(await screen.findByRole("alert")).toHaveTextContent(
		'Error: Line 4: a quoted cell starts here and is never closed: a quote (") is missing.',
	);
	await user.upload(
		screen.getByLabelText("CSV file"),
		csvFile("huge.csv", "x".repeat(5 * 1024 * 1024 + 1)),
	);
	expect(
		screen.getByText(
			"The file is larger than 5 MB: split it into smaller files.",
		),
	).toBeVisible();
	expect(screen.getByRole("button", { name: "Check file" })).toBeDisabled();
	expect(uploads).toEqual([]);
});
