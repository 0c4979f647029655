import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import {
	createFakeApi,
	errorResponse,
	jsonResponse,
} from "../../test-support/fake-api.ts";
import { renderWithProviders } from "../../test-support/render-with-providers.tsx";
import { BlogPostPage } from "./blog-post-page.tsx";

const post = {
	id: "7c0e3b9a-1d2f-4e5a-8b6c-9d0e1f2a3b4c",
	slug: "choosing-a-circular-saw",
	title: "Choosing a circular saw",
	excerpt: "Blade size, power and the cuts you make most.",
	author: "Dana Reyes",
	published_at: "2026-11-20T09:00:00.000Z",
	cover_img: null,
	body: "Start with the blade.\n\n## Power\n\n1400 W cuts hardwood.",
};

function renderPostPage(answer: () => Response) {
	const api = createFakeApi(answer);
	vi.stubGlobal("fetch", api.fetch);
	renderWithProviders(<BlogPostPage />, {
		path: "/blog/:slug",
		url: `/blog/${post.slug}`,
	});
	return api;
}

const notFoundHeading = () =>
	screen.findByRole("heading", { name: "Sorry, we couldn't find this page." });

test("a blog post is shown with its title, author, date and body", async () => {
	const api = renderPostPage(() => jsonResponse(post));
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "Choosing a circular saw",
		}),
	).toBeVisible();
	expect(screen.getByText(/Dana Reyes/)).toHaveTextContent(
		"Dana Reyes · November 20, 2026",
	);
	expect(
		screen.getByRole("heading", { level: 2, name: "Power" }),
	).toBeVisible();
	expect(api.requests.map((url) => url.pathname)).toEqual([
		"/api/blog-posts/choosing-a-circular-saw",
	]);
});

test("a blog post the API does not know shows the 404 page", async () => {
	renderPostPage(() => errorResponse(404, "NOT_FOUND", "Blog post not found"));
	expect(await notFoundHeading()).toBeVisible();
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("a slug the API refuses as invalid shows the 404 page", async () => {
	renderPostPage(() =>
		errorResponse(400, "VALIDATION_FAILED", "Invalid params: slug"),
	);
	expect(await notFoundHeading()).toBeVisible();
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("a bad request that is not about the slug shows the error, not the 404 page", async () => {
	renderPostPage(() =>
		errorResponse(400, "BAD_REQUEST", "The request could not be read."),
	);
	expect(await screen.findByRole("alert")).toHaveTextContent(
		"The request could not be read.",
	);
	expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
	expect(
		screen.queryByRole("heading", {
			name: "Sorry, we couldn't find this page.",
		}),
	).not.toBeInTheDocument();
});

test("any other failure shows the error with 'Try again', which loads the post", async () => {
	let calls = 0;
	renderPostPage(() => {
		calls += 1;
		return calls === 1
			? errorResponse(
					500,
					"INTERNAL_ERROR",
					"Something went wrong on our side. Please try again.",
				)
			: jsonResponse(post);
	});
	const alert = await screen.findByRole("alert");
	expect(alert).toHaveTextContent("We could not load this post");
	expect(alert).toHaveTextContent(
		"Something went wrong on our side. Please try again.",
	);
	expect(
		screen.queryByRole("heading", {
			name: "Sorry, we couldn't find this page.",
		}),
	).not.toBeInTheDocument();

	await userEvent.click(screen.getByRole("button", { name: "Try again" }));
	expect(
		await screen.findByRole("heading", {
			level: 1,
			name: "Choosing a circular saw",
		}),
	).toBeVisible();
	expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
