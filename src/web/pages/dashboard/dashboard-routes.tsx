import { type JSX, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { NotFoundPage } from "../not-found-page.tsx";
import { AddProductPage } from "./add-product-page.tsx";
import { AllOrdersPage } from "./all-orders-page.tsx";
import { BlogEditorPage } from "./blog-editor-page.tsx";
import { DashboardLayout } from "./dashboard-layout.tsx";
import { EditProductPage } from "./edit-product-page.tsx";
import { MakeAdminPage } from "./make-admin-page.tsx";
import { ManageBlogPage } from "./manage-blog-page.tsx";
import { ManageContentPage } from "./manage-content-page.tsx";
import { ManageProductsPage } from "./manage-products-page.tsx";
import { ManageReviewsPage } from "./manage-reviews-page.tsx";
import { MyOrdersPage } from "./my-orders-page.tsx";
import { ProfilePage } from "./profile-page.tsx";
import { ReviewPage } from "./review-page.tsx";
import { SecurityLogPage } from "./security-log-page.tsx";

// Pages opened less often load when first visited, so the dashboard's own download stays small.
const MyOrderDetailPage = lazyComponent(() =>
	import("./my-order-detail-page.tsx").then(
		(module) => module.MyOrderDetailPage,
	),
);
const AdminOrderDetailPage = lazyComponent(() =>
	import("./admin-order-detail-page.tsx").then(
		(module) => module.AdminOrderDetailPage,
	),
);
const ReceivingPointsPage = lazyComponent(() =>
	import("./receiving-points-page.tsx").then(
		(module) => module.ReceivingPointsPage,
	),
);
const PaymentTermsPage = lazyComponent(() =>
	import("./payment-terms-page.tsx").then((module) => module.PaymentTermsPage),
);
const ShopSettingsPage = lazyComponent(() =>
	import("./shop-settings-page.tsx").then((module) => module.ShopSettingsPage),
);
const MailOutboxPage = lazyComponent(() =>
	import("./mail-outbox-page.tsx").then((module) => module.MailOutboxPage),
);
const ApiKeysPage = lazyComponent(() =>
	import("./api-keys-page.tsx").then((module) => module.ApiKeysPage),
);
const WebhooksPage = lazyComponent(() =>
	import("./webhooks-page.tsx").then((module) => module.WebhooksPage),
);
const WebhookDeliveriesPage = lazyComponent(() =>
	import("./webhook-deliveries-page.tsx").then(
		(module) => module.WebhookDeliveriesPage,
	),
);
// Admins only, and it brings the chart library: never part of a customer's download.
const SalesPage = lazyComponent(() =>
	import("./sales-page.tsx").then((module) => module.SalesPage),
);

// Admins only: the import and export of the catalog.
const ImportExportPage = lazyComponent(() =>
	import("./import-export-page.tsx").then((module) => module.ImportExportPage),
);

const MyQuotesPage = lazyComponent(() =>
	import("./my-quotes-page.tsx").then((module) => module.MyQuotesPage),
);
const MyQuotePage = lazyComponent(() =>
	import("./my-quote-page.tsx").then((module) => module.MyQuotePage),
);
const NewQuotePage = lazyComponent(() =>
	import("./new-quote-page.tsx").then((module) => module.NewQuotePage),
);
const QuoteRequestsPage = lazyComponent(() =>
	import("./quote-requests-page.tsx").then(
		(module) => module.QuoteRequestsPage,
	),
);

/** A page loaded when first visited, with a spinner meanwhile inside the dashboard. */
function Later({ children }: { children: ReactNode }) {
	return (
		<Suspense fallback={<Spinner label="Loading the page" />}>
			{children}
		</Suspense>
	);
}

/** A page of one role; the other role is sent to its own dashboard (the API refuses it too). */
function OnlyFor({
	forRole,
	children,
}: {
	forRole: "admin" | "customer";
	children: ReactNode;
}) {
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	const isAllowed =
		forRole === "admin" ? session.me.is_admin : !session.me.is_admin;
	if (!isAllowed) return <Navigate to="/dashboard" replace />;
	return <>{children}</>;
}

/** The dashboard's first page: the sales figures for an admin, the profile for a customer. */
function DashboardHome() {
	const session = useSession();
	if (session.status !== "signed-in")
		return <Spinner label="Loading your account" />;
	if (!session.me.is_admin) return <ProfilePage />;
	return (
		<Later>
			<SalesPage />
		</Later>
	);
}

export function DashboardRoutes(): JSX.Element {
	return (
		<Routes>
			<Route element={<DashboardLayout />}>
				<Route index element={<DashboardHome />} />
				<Route
					path="sales"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<SalesPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route path="profile" element={<ProfilePage />} />
				{/* Anyone who can order: an admin's own orders are paid and cancelled here too, though
				    the admin menu does not list the page (as the spec's menus have it). */}
				<Route path="my-orders" element={<MyOrdersPage />} />
				<Route
					path="my-orders/:orderId"
					element={
						<Later>
							<MyOrderDetailPage />
						</Later>
					}
				/>
				{/* Like My Orders: anyone who can order may ask for a quote. */}
				<Route
					path="my-quotes"
					element={
						<Later>
							<MyQuotesPage />
						</Later>
					}
				/>
				<Route
					path="my-quotes/:quoteId"
					element={
						<Later>
							<MyQuotePage />
						</Later>
					}
				/>
				<Route
					path="quotes/new"
					element={
						<Later>
							<NewQuotePage />
						</Later>
					}
				/>
				<Route
					path="quote-requests"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<QuoteRequestsPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="review"
					element={
						<OnlyFor forRole="customer">
							<ReviewPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-products"
					element={
						<OnlyFor forRole="admin">
							<ManageProductsPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-blog"
					element={
						<OnlyFor forRole="admin">
							<ManageBlogPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-blog/new"
					element={
						<OnlyFor forRole="admin">
							<BlogEditorPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-blog/:postId/edit"
					element={
						<OnlyFor forRole="admin">
							<BlogEditorPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-content"
					element={
						<OnlyFor forRole="admin">
							<ManageContentPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-reviews"
					element={
						<OnlyFor forRole="admin">
							<ManageReviewsPage />
						</OnlyFor>
					}
				/>
				<Route
					path="manage-products/:toolId/edit"
					element={
						<OnlyFor forRole="admin">
							<EditProductPage />
						</OnlyFor>
					}
				/>
				<Route
					path="all-order"
					element={
						<OnlyFor forRole="admin">
							<AllOrdersPage />
						</OnlyFor>
					}
				/>
				<Route
					path="all-orders/:orderId"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<AdminOrderDetailPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="receiving-points"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<ReceivingPointsPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="payment-terms"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<PaymentTermsPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="shop-settings"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<ShopSettingsPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="mail-outbox"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<MailOutboxPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="api-keys"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<ApiKeysPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="webhooks"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<WebhooksPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="webhooks/:endpointId"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<WebhookDeliveriesPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="import-export"
					element={
						<OnlyFor forRole="admin">
							<Later>
								<ImportExportPage />
							</Later>
						</OnlyFor>
					}
				/>
				<Route
					path="add-a-product"
					element={
						<OnlyFor forRole="admin">
							<AddProductPage />
						</OnlyFor>
					}
				/>
				<Route
					path="make-admin"
					element={
						<OnlyFor forRole="admin">
							<MakeAdminPage />
						</OnlyFor>
					}
				/>
				<Route
					path="security-log"
					element={
						<OnlyFor forRole="admin">
							<SecurityLogPage />
						</OnlyFor>
					}
				/>
				<Route path="*" element={<NotFoundPage />} />
			</Route>
		</Routes>
	);
}
