import { type ComponentType, Suspense } from "react";
import { Route, Routes } from "react-router";
import type { Tool } from "../../shared/tools.schemas.ts";
import { LazyPart } from "../components/ui/lazy-part.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useSession } from "../features/auth/session.queries.ts";
import { cartOwnerOf } from "../features/cart/cart-owner.ts";
import { AddToCartPlaceholder } from "../features/cart/components/add-to-cart-placeholder.tsx";
import { ToolCardExtraAction } from "../features/tools/components/tool-card-extra-action.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { HomePage } from "../pages/home/home-page.tsx";
import { RootLayout } from "./root-layout.tsx";

/**
 * A page for signed-in customers, loaded with the session check in front of it (RequireSession):
 * both downloads start together, and neither is part of the public pages' first download.
 */
function signedInPage<Props extends object>(
	load: () => Promise<ComponentType<Props>>,
) {
	return lazyComponent(async () => {
		const [{ RequireSession }, Page] = await Promise.all([
			import("./require-session.tsx"),
			load(),
		]);
		return function SignedInPage(props: Props) {
			return (
				<RequireSession>
					<Page {...props} />
				</RequireSession>
			);
		};
	});
}

// The home page's first screen is in the first download; every other page loads when first
// visited, so the public entry bundle stays small (docs/decisions/002-layout-and-routing.md).
const BlogPage = lazyComponent(() =>
	import("../pages/blog/blog-page.tsx").then((module) => module.BlogPage),
);
const BlogPostPage = lazyComponent(() =>
	import("../pages/blog/blog-post-page.tsx").then(
		(module) => module.BlogPostPage,
	),
);
const AllReviewsPage = lazyComponent(() =>
	import("../pages/all-reviews-page.tsx").then(
		(module) => module.AllReviewsPage,
	),
);
const MyPortfolioLayout = lazyComponent(() =>
	import("../pages/my-portfolio/my-portfolio-layout.tsx").then(
		(module) => module.MyPortfolioLayout,
	),
);
const AboutMePage = lazyComponent(() =>
	import("../pages/my-portfolio/about-me-page.tsx").then(
		(module) => module.AboutMePage,
	),
);
const EducationPage = lazyComponent(() =>
	import("../pages/my-portfolio/education-page.tsx").then(
		(module) => module.EducationPage,
	),
);
const ProjectPage = lazyComponent(() =>
	import("../pages/my-portfolio/project-page.tsx").then(
		(module) => module.ProjectPage,
	),
);
const TechnologyPage = lazyComponent(() =>
	import("../pages/my-portfolio/technology-page.tsx").then(
		(module) => module.TechnologyPage,
	),
);
const LoginPage = lazyComponent(() =>
	import("../pages/auth/login-page.tsx").then((module) => module.LoginPage),
);
const SignUpPage = lazyComponent(() =>
	import("../pages/auth/sign-up-page.tsx").then((module) => module.SignUpPage),
);
const ForgotPasswordPage = lazyComponent(() =>
	import("../pages/auth/forgot-password-page.tsx").then(
		(module) => module.ForgotPasswordPage,
	),
);
const ResetPasswordPage = lazyComponent(() =>
	import("../pages/auth/reset-password-page.tsx").then(
		(module) => module.ResetPasswordPage,
	),
);
const ToolPage = lazyComponent(() =>
	import("../pages/tool-page.tsx").then((module) => module.ToolPage),
);
const ToolPurchasePage = signedInPage(() =>
	import("../pages/tool-purchase-page.tsx").then(
		(module) => module.ToolPurchasePage,
	),
);
const CartPage = lazyComponent(() =>
	import("../pages/cart-page.tsx").then((module) => module.CartPage),
);
const CheckoutPage = signedInPage(() =>
	import("../pages/checkout-page.tsx").then((module) => module.CheckoutPage),
);
const DashboardRoutes = signedInPage(() =>
	import("../pages/dashboard/dashboard-routes.tsx").then(
		(module) => module.DashboardRoutes,
	),
);

const NotFoundPage = lazyComponent(() =>
	import("../pages/not-found-page.tsx").then((module) => module.NotFoundPage),
);

// The cart's code comes with the first tool card that offers 'Add to cart', not before.
const AddToCartButton = lazyComponent(() =>
	import("../features/cart/components/add-to-cart-button.tsx").then(
		(module) => module.AddToCartButton,
	),
);

/** A page that loads when first visited, with a spinner while its code downloads. */
function page(Component: ComponentType) {
	return (
		<Suspense fallback={<Spinner label="Loading the page" />}>
			<Component />
		</Suspense>
	);
}

/**
 * 'Add to cart' beside every tool card's 'Buy Now', adding the tool's minimum order, for
 * visitors and customers; the admins' menus have no cart.
 */
function ToolCardAddToCart({ tool }: { tool: Tool }) {
	const session = useSession();
	if (session.me?.is_admin) return null;
	return (
		<LazyPart fallback={<AddToCartPlaceholder toolName={tool.tool_name} />}>
			<AddToCartButton
				tool={tool}
				quantity={tool.minimum_quantity}
				owner={cartOwnerOf(session.status)}
			/>
		</LazyPart>
	);
}

export function AppRoutes() {
	return (
		<ToolCardExtraAction value={ToolCardAddToCart}>
			<ShopRoutes />
		</ToolCardExtraAction>
	);
}

function ShopRoutes() {
	return (
		<Routes>
			<Route element={<RootLayout />}>
				<Route path="/" element={<HomePage />} />
				<Route path="/home" element={<HomePage />} />
				<Route path="/blog" element={page(BlogPage)} />
				<Route path="/blog/:slug" element={page(BlogPostPage)} />
				<Route path="/all-reviews" element={page(AllReviewsPage)} />
				<Route path="/my-portfolio" element={page(MyPortfolioLayout)}>
					<Route index element={page(AboutMePage)} />
					<Route path="about-me" element={page(AboutMePage)} />
					<Route path="education" element={page(EducationPage)} />
					<Route path="project" element={page(ProjectPage)} />
					<Route path="technology" element={page(TechnologyPage)} />
				</Route>
				<Route path="/login" element={page(LoginPage)} />
				<Route path="/sign-up" element={page(SignUpPage)} />
				<Route path="/forgot-password" element={page(ForgotPasswordPage)} />
				<Route path="/reset-password" element={page(ResetPasswordPage)} />
				<Route path="/tools/:slug" element={page(ToolPage)} />
				<Route path="/tool-purchase/:toolId" element={page(ToolPurchasePage)} />
				<Route path="/cart" element={page(CartPage)} />
				<Route path="/checkout" element={page(CheckoutPage)} />
				<Route path="/dashboard/*" element={page(DashboardRoutes)} />
				<Route path="*" element={page(NotFoundPage)} />
			</Route>
		</Routes>
	);
}
