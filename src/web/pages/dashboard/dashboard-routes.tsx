import type { JSX, ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../features/auth/session.queries.ts";
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

export function DashboardRoutes(): JSX.Element {
	return (
		<Routes>
			<Route element={<DashboardLayout />}>
				<Route index element={<ProfilePage />} />
				<Route path="profile" element={<ProfilePage />} />
				{/* Anyone who can order: an admin's own orders are paid and cancelled here too, though
				    the admin menu does not list the page (as the spec's menus have it). */}
				<Route path="my-orders" element={<MyOrdersPage />} />
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
