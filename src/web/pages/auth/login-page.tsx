import { Link } from "react-router";
import { TextField } from "../../components/ui/text-field.tsx";
import { AccountsClosedNotice } from "./accounts-closed-notice.tsx";

export function LoginPage() {
	return (
		<div className="mx-auto max-w-md px-4 py-12">
			<div className="card bg-base-100 shadow-xl">
				<form
					className="card-body gap-4"
					aria-labelledby="login-title"
					onSubmit={(event) => event.preventDefault()}
				>
					<h1 id="login-title" className="text-center text-2xl font-bold">
						Login
					</h1>
					<AccountsClosedNotice />
					<fieldset className="fieldset" disabled>
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
							autoComplete="current-password"
						/>
						<button type="submit" className="btn btn-primary mt-4">
							Login
						</button>
					</fieldset>
					<p className="text-center text-sm">
						New to Tools Gallery?{" "}
						<Link to="/sign-up" className="link link-primary">
							Create a new account
						</Link>
					</p>
					<div className="divider">OR</div>
					<button type="button" className="btn btn-outline" disabled>
						CONTINUE WITH GOOGLE
					</button>
				</form>
			</div>
		</div>
	);
}
