import { Link } from "react-router";
import { AccountsClosedNotice } from "./accounts-closed-notice.tsx";

export function SignUpPage() {
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<div className="card bg-base-100 shadow-xl">
				<form
					className="card-body gap-4"
					aria-labelledby="sign-up-title"
					onSubmit={(event) => event.preventDefault()}
				>
					<h1 id="sign-up-title" className="text-center text-2xl font-bold">
						Sign Up
					</h1>
					<AccountsClosedNotice />
					<fieldset className="fieldset" disabled>
						<label className="label" htmlFor="sign-up-name">
							Name
						</label>
						<input
							id="sign-up-name"
							type="text"
							name="name"
							autoComplete="name"
							className="input w-full"
						/>
						<label className="label" htmlFor="sign-up-email">
							Email
						</label>
						<input
							id="sign-up-email"
							type="email"
							name="email"
							autoComplete="email"
							className="input w-full"
						/>
						<label className="label" htmlFor="sign-up-password">
							Password
						</label>
						<input
							id="sign-up-password"
							type="password"
							name="password"
							autoComplete="new-password"
							className="input w-full"
						/>
						<button type="submit" className="btn btn-primary mt-4">
							Sign Up
						</button>
					</fieldset>
					<p className="text-center text-sm">
						Already have an account?{" "}
						<Link to="/login" className="link link-primary">
							Please login
						</Link>
					</p>
				</form>
			</div>
		</div>
	);
}
