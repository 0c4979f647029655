import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import type { Faq } from "../../../shared/faqs.schemas.ts";
import type { Portfolio } from "../../../shared/portfolio.schemas.ts";
import { ToastHost } from "../../app/toast-host.tsx";
import { jsonResponse } from "../../test-support/fake-api.ts";
import { admin } from "../../test-support/fake-catalog.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { DashboardRoutes } from "./dashboard-routes.tsx";

const faq = (n: number): Faq => ({
	id: `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
	question: `Question ${n}?`,
	answer: `Answer ${n}.`,
});

const portfolio: Portfolio = {
	about: {
		name: "Casey Linden",
		role: "Developer",
		location: "Rotterdam",
		email: "casey@example.com",
		summary: ["First paragraph.", "Second paragraph."],
		highlights: [{ label: "Years", value: "9" }],
	},
	education: [
		{
			school: "TU Delft",
			degree: "BSc",
			years: "2010–2014",
			details: "Computing.",
		},
	],
	projects: [
		{
			name: "Bench",
			summary: "A booking tool.",
			stack: ["React", "SQL"],
			outcome: "Used daily.",
		},
	],
	technology: [{ group: "Languages", items: ["TypeScript", "SQL"] }],
};

type Sent = { method: string; path: string; body: unknown };

/** The content API over a list of questions and a portfolio, changed by the requests. */
function serveContent(faqs: Faq[]) {
	const sent: Sent[] = [];
	let saved = portfolio;
	vi.stubGlobal(
		"fetch",
		async (input: RequestInfo | URL, init?: RequestInit) => {
			const url = new URL(String(input), window.location.href);
			const method = init?.method ?? "GET";
			const body =
				typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
			sent.push({ method, path: url.pathname, body });
			if (url.pathname === "/api/session") return jsonResponse({ me: admin });
			if (url.pathname === "/api/faqs" && method === "GET")
				return jsonResponse({ items: faqs });
			if (url.pathname === "/api/faqs/order") {
				const ids = (body as { ids: string[] }).ids;
				faqs.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
				return jsonResponse({ items: faqs });
			}
			if (url.pathname === "/api/portfolio") return jsonResponse(saved);
			const section = /^\/api\/portfolio\/(\w+)$/.exec(url.pathname)?.[1];
			if (section) {
				saved = { ...saved, [section]: (body as { content: unknown }).content };
				return jsonResponse(saved);
			}
			throw new Error(`No answer for ${method} ${url.pathname}`);
		},
	);
	renderWithProviders(
		<>
			<DashboardRoutes />
			<ToastHost />
		</>,
		{ path: "/dashboard/*", url: "/dashboard/manage-content" },
	);
	return { sent, user: userEvent.setup() };
}

const writes = (sent: Sent[]) =>
	sent.filter((request) => request.method !== "GET");

test("moving a question down sends the new order of every question", async () => {
	const faqs = [faq(1), faq(2), faq(3)];
	const { sent, user } = serveContent(faqs);
	await user.click(
		await screen.findByRole("button", { name: "Move down: Question 1?" }),
	);
	expect(await screen.findByText("Question moved")).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "PUT",
			path: "/api/faqs/order",
			body: { ids: [faq(2).id, faq(1).id, faq(3).id] },
		},
	]);
	expect(
		screen.getByRole("button", { name: "Move up: Question 2?" }),
	).toBeDisabled();
});

test("an empty question is not sent: the form says 'Question is required' and 'Answer is required'", async () => {
	const { sent, user } = serveContent([faq(1)]);
	const adding = await screen.findByRole("form", { name: "Add a question" });
	await user.click(
		within(adding).getByRole("button", { name: "Add question" }),
	);
	expect(await within(adding).findByText("Question is required")).toBeVisible();
	expect(within(adding).getByText("Answer is required")).toBeVisible();
	expect(writes(sent)).toEqual([]);
});

test("the projects editor saves the technologies typed with commas as a list, and names the project of a missing field", async () => {
	const { sent, user } = serveContent([faq(1)]);
	const projects = await screen.findByRole("form", { name: "Projects" });
	expect(
		within(projects).getByLabelText("Technologies, separated by commas"),
	).toHaveValue("React, SQL");
	await user.click(
		within(projects).getByRole("button", { name: "Add project" }),
	);
	await user.click(
		within(projects).getByRole("button", { name: "Save Projects" }),
	);
	const alert = await within(projects).findByRole("alert");
	expect(alert).toHaveTextContent("Project 2: Project name is required");
	expect(alert).toHaveTextContent("Project 2: Add at least one technology");
	const added = within(projects).getByRole("group", { name: "Project 2" });
	expect(
		within(added).getByLabelText("Project name"),
	).toHaveAccessibleDescription("Project name is required");
	expect(
		within(added).getByLabelText("Technologies, separated by commas"),
	).toHaveAccessibleDescription("Add at least one technology");
	expect(writes(sent)).toEqual([]);

	await user.click(
		within(projects).getByRole("button", { name: "Remove Project 2" }),
	);
	const stack = within(projects).getByLabelText(
		"Technologies, separated by commas",
	);
	await user.clear(stack);
	await user.type(stack, "Vue,  Go , ");
	await user.click(
		within(projects).getByRole("button", { name: "Save Projects" }),
	);
	expect(await screen.findByText("Projects saved")).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "PUT",
			path: "/api/portfolio/projects",
			body: {
				content: [
					{
						name: "Bench",
						summary: "A booking tool.",
						stack: ["Vue", "Go"],
						outcome: "Used daily.",
					},
				],
			},
		},
	]);
});

test("About Me splits the summary at blank lines and saves each figure's label and value", async () => {
	const { sent, user } = serveContent([faq(1)]);
	const about = await screen.findByRole("form", { name: "About Me" });
	const summary = within(about).getByLabelText("Summary");
	expect(summary).toHaveValue("First paragraph.\n\nSecond paragraph.");
	await user.type(summary, "{Enter}  {Enter}Third paragraph.");
	const first = within(about).getByRole("group", { name: "Figure 1" });
	expect(within(first).getByLabelText("Label")).toHaveValue("Years");
	await user.type(within(first).getByLabelText("Label"), " building");
	await user.click(within(about).getByRole("button", { name: "Add figure" }));
	const second = within(about).getByRole("group", { name: "Figure 2" });
	await user.type(within(second).getByLabelText("Label"), "Shops");
	await user.type(within(second).getByLabelText("Value"), "14");
	await user.click(
		within(about).getByRole("button", { name: "Save About Me" }),
	);
	expect(await screen.findByText("About Me saved")).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "PUT",
			path: "/api/portfolio/about",
			body: {
				content: {
					...portfolio.about,
					summary: [
						"First paragraph.",
						"Second paragraph.",
						"Third paragraph.",
					],
					highlights: [
						{ label: "Years building", value: "9" },
						{ label: "Shops", value: "14" },
					],
				},
			},
		},
	]);
});

test("About Me names the figure of a missing value and the summary's rule, and sends nothing", async () => {
	const { sent, user } = serveContent([faq(1)]);
	const about = await screen.findByRole("form", { name: "About Me" });
	await user.clear(within(about).getByLabelText("Summary"));
	await user.click(within(about).getByRole("button", { name: "Add figure" }));
	const second = within(about).getByRole("group", { name: "Figure 2" });
	await user.type(within(second).getByLabelText("Label"), "Shops");
	await user.click(
		within(about).getByRole("button", { name: "Save About Me" }),
	);
	const alert = await within(about).findByRole("alert");
	expect(alert).toHaveTextContent("Add at least one paragraph");
	expect(alert).toHaveTextContent("Figure 2: Value is required");
	expect(within(about).getByLabelText("Summary")).toHaveAccessibleDescription(
		"Separate paragraphs with a blank line. Add at least one paragraph",
	);
	expect(within(second).getByLabelText("Value")).toHaveAccessibleDescription(
		"Value is required",
	);
	expect(writes(sent)).toEqual([]);
});

test("the education editor adds a school, moves it first and saves the schools in that order", async () => {
	const { sent, user } = serveContent([faq(1)]);
	const education = await screen.findByRole("form", { name: "Education" });
	await user.click(
		within(education).getByRole("button", { name: "Add school" }),
	);
	const added = within(education).getByRole("group", { name: "School 2" });
	await user.type(within(added).getByLabelText("School"), "Vakschool");
	await user.type(within(added).getByLabelText("Degree"), "MBO Carpentry");
	await user.type(within(added).getByLabelText("Years"), "2008–2010");
	await user.type(within(added).getByLabelText("Details"), "Joinery.");
	await user.click(
		within(education).getByRole("button", { name: "Move School 2 up" }),
	);
	expect(
		within(
			within(education).getByRole("group", { name: "School 1" }),
		).getByLabelText("School"),
	).toHaveValue("Vakschool");
	await user.click(
		within(education).getByRole("button", { name: "Save Education" }),
	);
	expect(await screen.findByText("Education saved")).toBeVisible();
	expect(writes(sent)).toEqual([
		{
			method: "PUT",
			path: "/api/portfolio/education",
			body: {
				content: [
					{
						school: "Vakschool",
						degree: "MBO Carpentry",
						years: "2008–2010",
						details: "Joinery.",
					},
					portfolio.education[0],
				],
			},
		},
	]);
});
