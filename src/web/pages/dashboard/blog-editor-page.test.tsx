import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, onTestFinished, test, vi } from "vitest";
import { ToastHost } from "../../app/toast-host.tsx";
import { errorResponse, jsonResponse } from "../../test-support/fake-api.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

type Sent = {
	method: string;
	path: string;
	fields: Record<string, string>;
	cover?: string;
};

/** The blog admin API; `answerSave` answers the post's save (a new post by default). */
function openEditor(answerSave: () => Response) {
	const sent: Sent[] = [];
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			if (url.pathname === "/api/session") return jsonResponse({ me: admin });
			if (url.pathname === "/api/admin/blog-posts" && method === "GET")
				return jsonResponse({ items: [], page: 1, page_size: 20, total: 0 });
			if (url.pathname === "/api/admin/blog-posts" && method === "POST") {
				const form = init?.body as FormData;
				const fields: Record<string, string> = {};
				let cover: string | undefined;
				for (const [name, value] of form.entries())
					if (typeof value === "string") fields[name] = value;
					else cover = value.name;
				sent.push({ method, path: url.pathname, fields, cover });
				return answerSave();
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	// jsdom has no object URLs: the cover's preview gets a stand-in address for this test.
	const { createObjectURL, revokeObjectURL } = URL;
	URL.createObjectURL = () => "blob:cover";
	URL.revokeObjectURL = () => {};
	onTestFinished(() => {
		URL.createObjectURL = createObjectURL;
		URL.revokeObjectURL = revokeObjectURL;
	});
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/manage-blog/new" },
	);
	return { sent, user: userEvent.setup() };
}

const savedPost = {
	id: "40000000-0000-4000-8000-000000000001",
	slug: "spring-sale",
	title: "Spring Sale!",
	excerpt: "Ten percent off.",
	author: "Ada Admin",
	published_at: "2026-11-24T00:00:00.000Z",
	cover_img: "/images/blog-abc.webp",
	body: "Hi",
	is_published: true,
	version: 1,
};

test("the slug follows the title until typed, the preview follows the body, and the post is sent with its cover", async () => {
	const { sent, user } = openEditor(() => jsonResponse(savedPost, 201));
	const form = await screen.findByRole("form", { name: "Write a post" });
	await user.type(within(form).getByLabelText("Title"), "Spring Sale!");
	expect(within(form).getByLabelText("Slug")).toHaveValue("spring-sale");
	await user.type(within(form).getByLabelText("Summary"), "Ten percent off.");
	await user.type(
		within(form).getByLabelText("Body (Markdown)"),
		"## Deals{Enter}{Enter}On **saws**.",
	);
	const preview = within(form).getByRole("region", { name: "Preview" });
	expect(
		within(preview).getByRole("heading", { level: 2, name: "Deals" }),
	).toBeVisible();
	expect(within(preview).getByText("saws").tagName).toBe("STRONG");

	await user.clear(within(form).getByLabelText("Slug"));
	await user.type(within(form).getByLabelText("Slug"), "sale");
	await user.type(within(form).getByLabelText("Title"), " Now");
	expect(within(form).getByLabelText("Slug")).toHaveValue("sale");

	await user.upload(
		within(form).getByLabelText("Cover image"),
		new File(["png"], "cover.png", { type: "image/png" }),
	);
	expect(
		within(form).getByRole("img", { name: "The chosen picture" }),
	).toHaveAttribute("src", "blob:cover");
	await user.click(within(form).getByLabelText(/^Published/));
	await user.click(within(form).getByRole("button", { name: "Add post" }));
	expect(await screen.findByText("Post saved")).toBeVisible();
	expect(sent).toEqual([
		{
			method: "POST",
			path: "/api/admin/blog-posts",
			fields: {
				title: "Spring Sale! Now",
				slug: "sale",
				excerpt: "Ten percent off.",
				body: "## Deals\n\nOn **saws**.",
				published_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
				is_published: "true",
			},
			cover: "cover.png",
		},
	]);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage Blog" }),
	).toBeVisible();
});

test("an empty post names each missing field and sends nothing; a taken slug shows on the slug", async () => {
	const { sent, user } = openEditor(() =>
		errorResponse(409, "CONFLICT", "Another post has this slug", [
			{ field: "slug", message: "Another post has this slug; choose another" },
		]),
	);
	const form = await screen.findByRole("form", { name: "Write a post" });
	await user.click(within(form).getByRole("button", { name: "Add post" }));
	for (const [label, message] of [
		["Title", "Title is required"],
		["Summary", "Summary is required"],
		["Body (Markdown)", "Body is required"],
	] as const) {
		expect(await within(form).findByText(message)).toBeVisible();
		expect(within(form).getByLabelText(label)).toHaveAccessibleDescription(
			expect.stringContaining(message),
		);
	}
	expect(within(form).getByLabelText("Title")).toHaveFocus();
	expect(within(form).queryByText("Cover image is required")).toBeNull();
	expect(sent).toEqual([]);

	await user.type(within(form).getByLabelText("Title"), "Taken");
	await user.type(within(form).getByLabelText("Summary"), "S");
	await user.type(within(form).getByLabelText("Body (Markdown)"), "B");
	await user.click(within(form).getByRole("button", { name: "Add post" }));
	expect(
		await within(form).findByText("Another post has this slug; choose another"),
	).toBeVisible();
	expect(within(form).getByLabelText("Slug")).toHaveAttribute(
		"aria-invalid",
		"true",
	);
	expect(sent).toHaveLength(1);
});

test("a post is saved without a cover: the cover is optional and nothing is sent for it", async () => {
	const { sent, user } = openEditor(() =>
		jsonResponse({ ...savedPost, cover_img: null }, 201),
	);
	const form = await screen.findByRole("form", { name: "Write a post" });
	expect(
		within(form).getByLabelText("Cover image"),
	).toHaveAccessibleDescription(
		"JPEG, PNG or WebP, up to 10 MiB. Optional: a post without a cover is shown without a picture.",
	);
	await user.type(within(form).getByLabelText("Title"), "Spring Sale!");
	await user.type(within(form).getByLabelText("Summary"), "Ten percent off.");
	await user.type(within(form).getByLabelText("Body (Markdown)"), "Hi");
	await user.click(within(form).getByRole("button", { name: "Add post" }));
	expect(await screen.findByText("Post saved")).toBeVisible();
	expect(sent).toEqual([
		{
			method: "POST",
			path: "/api/admin/blog-posts",
			fields: expect.objectContaining({
				title: "Spring Sale!",
				slug: "spring-sale",
			}),
			cover: undefined,
		},
	]);
	expect(
		await screen.findByRole("heading", { level: 1, name: "Manage Blog" }),
	).toBeVisible();
});
