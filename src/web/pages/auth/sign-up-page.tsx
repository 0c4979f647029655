import { Link } from "react-router";
import { TextField } from "../../components/ui/text-field.tsx";
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
						<TextField
							label="Name"
							type="text"
							name="name"
							autoComplete="name"
						/>
						<TextField
							label="Email"
							type="email"
							name="email"
							autoComplete="email"
						/>
						<TextField
							label="Password"
							type="password"
							name="password"
							autoComplete="new-password"
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
