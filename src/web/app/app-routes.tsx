import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { Spinner } from "../components/ui/spinner.tsx";
import { HomePage } from "../pages/home/home-page.tsx";
import { NotFoundPage } from "../pages/not-found-page.tsx";
import { RequireSession } from "./require-session.tsx";
import { RootLayout } from "./root-layout.tsx";

// The home page is in the first download; every other page loads when first visited, so the
// public entry bundle stays small (docs/decisions/002-layout-and-routing.md).
const BlogPage = lazy(async () => ({
	default: (await import("../pages/blog/blog-page.tsx")).BlogPage,
}));
const BlogPostPage = lazy(async () => ({
	default: (await import("../pages/blog/blog-post-page.tsx")).BlogPostPage,
}));
const AllReviewsPage = lazy(async () => ({
	default: (await import("../pages/all-reviews-page.tsx")).AllReviewsPage,
}));
const MyPortfolioLayout = lazy(async () => ({
	default: (await import("../pages/my-portfolio/my-portfolio-layout.tsx"))
		.MyPortfolioLayout,
}));
const AboutMePage = lazy(async () => ({
	default: (await import("../pages/my-portfolio/about-me-page.tsx"))
		.AboutMePage,
}));
const EducationPage = lazy(async () => ({
	default: (await import("../pages/my-portfolio/education-page.tsx"))
		.EducationPage,
}));
const ProjectPage = lazy(async () => ({
	default: (await import("../pages/my-portfolio/project-page.tsx")).ProjectPage,
}));
const TechnologyPage = lazy(async () => ({
	default: (await import("../pages/my-portfolio/technology-page.tsx"))
		.TechnologyPage,
}));
const LoginPage = lazy(async () => ({
	default: (await import("../pages/auth/login-page.tsx")).LoginPage,
}));
const SignUpPage = lazy(async () => ({
	default: (await import("../pages/auth/sign-up-page.tsx")).SignUpPage,
}));
const ForgotPasswordPage = lazy(async () => ({
	default: (await import("../pages/auth/forgot-password-page.tsx"))
		.ForgotPasswordPage,
}));
const ResetPasswordPage = lazy(async () => ({
	default: (await import("../pages/auth/reset-password-page.tsx"))
		.ResetPasswordPage,
}));
const ToolPurchasePage = lazy(async () => ({
	default: (await import("../pages/tool-purchase-page.tsx")).ToolPurchasePage,
}));
const DashboardRoutes = lazy(async () => ({
	default: (await import("../pages/dashboard/dashboard-routes.tsx"))
		.DashboardRoutes,
}));

function Page({ children }: { children: React.ReactNode }) {
	return (
		<Suspense fallback={<Spinner label="Loading the page" />}>
			{children}
		</Suspense>
	);
}

export function AppRoutes() {
	return (
		<Routes>
			<Route element={<RootLayout />}>
				<Route path="/" element={<HomePage />} />
				<Route path="/home" element={<HomePage />} />
				<Route
					path="/blog"
					element={
						<Page>
							<BlogPage />
						</Page>
					}
				/>
				<Route
					path="/blog/:slug"
					element={
						<Page>
							<BlogPostPage />
						</Page>
					}
				/>
				<Route
					path="/all-reviews"
					element={
						<Page>
							<AllReviewsPage />
						</Page>
					}
				/>
				<Route
					path="/my-portfolio"
					element={
						<Page>
							<MyPortfolioLayout />
						</Page>
					}
				>
					<Route
						index
						element={
							<Page>
								<AboutMePage />
							</Page>
						}
					/>
					<Route
						path="about-me"
						element={
							<Page>
								<AboutMePage />
							</Page>
						}
					/>
					<Route
						path="education"
						element={
							<Page>
								<EducationPage />
							</Page>
						}
					/>
					<Route
						path="project"
						element={
							<Page>
								<ProjectPage />
							</Page>
						}
					/>
					<Route
						path="technology"
						element={
							<Page>
								<TechnologyPage />
							</Page>
						}
					/>
				</Route>
				<Route
					path="/login"
					element={
						<Page>
							<LoginPage />
						</Page>
					}
				/>
				<Route
					path="/sign-up"
					element={
						<Page>
							<SignUpPage />
						</Page>
					}
				/>
				<Route
					path="/forgot-password"
					element={
						<Page>
							<ForgotPasswordPage />
						</Page>
					}
				/>
				<Route
					path="/reset-password"
					element={
						<Page>
							<ResetPasswordPage />
						</Page>
					}
				/>
				<Route
					path="/tool-purchase/:toolId"
					element={
						<RequireSession>
							<Page>
								<ToolPurchasePage />
							</Page>
						</RequireSession>
					}
				/>
				<Route
					path="/dashboard/*"
					element={
						<RequireSession>
							<Page>
								<DashboardRoutes />
							</Page>
						</RequireSession>
					}
				/>
				<Route path="*" element={<NotFoundPage />} />
			</Route>
		</Routes>
	);
}
