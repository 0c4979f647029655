import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type * as z from "zod/mini";
import {
	type AdminBlogPost,
	BLOG_COVER_FIELD,
	BlogPostFormSchema,
	type BlogPostForm as BlogPostFormValues,
	slugify,
} from "../../../../shared/blog.schemas.ts";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { MarkdownText } from "./markdown.tsx";

type TextField = Exclude<keyof BlogPostFormValues, "is_published">;

const today = () => new Date().toISOString().slice(0, 10);

function toFormValues(post: AdminBlogPost | undefined): BlogPostFormValues {
	if (!post)
		return {
			title: "",
			slug: "",
			excerpt: "",
			body: "",
			published_on: today(),
			is_published: "false",
		};
	return {
		title: post.title,
		slug: post.slug,
		excerpt: post.excerpt,
		body: post.body,
		published_on: post.published_at.slice(0, 10),
		is_published: post.is_published ? "true" : "false",
	};
}

const TEXT_FIELDS: TextField[] = [
	"title",
	"slug",
	"excerpt",
	"body",
	"published_on",
];
const isTextField = (field: string): field is TextField =>
	TEXT_FIELDS.includes(field as TextField);

/**
 * The blog post editor: title, slug (made from the title until the admin types one), summary,
 * publication day, published or draft, cover picture, and the Markdown body beside its live
 * preview, rendered as the post page renders it. `onSave` throws when the save failed; the
 * server's field errors show on their fields.
 */
export function BlogPostForm({
	post,
	onSave,
}: {
	post?: AdminBlogPost;
	onSave: (
		fields: BlogPostFormValues,
		cover: File | undefined,
	) => Promise<void>;
}) {
	const id = useId();
	const fileInput = useRef<HTMLInputElement>(null);
	const [cover, setCover] = useState<File>();
	const [preview, setPreview] = useState<string>();
	const [coverError, setCoverError] = useState<string>();
	// A new post's slug follows its title until the admin edits the slug themselves.
	const [isSlugTyped, setIsSlugTyped] = useState(post !== undefined);
	const {
		control,
		register,
		handleSubmit,
		setValue,
		setError,
		formState: { errors, isSubmitting },
	} = useForm<z.input<typeof BlogPostFormSchema>, unknown, BlogPostFormValues>({
		resolver: zodResolver(BlogPostFormSchema),
		defaultValues: toFormValues(post),
	});
	const [title, body] = useWatch({ control, name: ["title", "body"] });

	useEffect(() => {
		if (!isSlugTyped) setValue("slug", slugify(title ?? ""));
	}, [title, isSlugTyped, setValue]);

	useEffect(() => {
		if (!cover) return setPreview(undefined);
		const url = URL.createObjectURL(cover);
		setPreview(url);
		return () => URL.revokeObjectURL(url);
	}, [cover]);

	const checkCover = () => {
		const isMissing = !post && !cover;
		setCoverError(isMissing ? "Cover image is required" : undefined);
		return !isMissing;
	};

	const onSubmit = handleSubmit(async (fields) => {
		if (!checkCover()) return fileInput.current?.focus();
		try {
			await onSave(fields, cover);
		} catch (error) {
			for (const issue of error instanceof ApiError ? error.details : []) {
				if (isTextField(issue.field))
					setError(issue.field, { message: issue.message });
				if (issue.field === BLOG_COVER_FIELD) setCoverError(issue.message);
			}
		}
	}, checkCover);

	const describe = (name: TextField, hint?: boolean) =>
		[
			hint ? `${id}-${name}-hint` : "",
			errors[name] ? `${id}-${name}-error` : "",
		]
			.filter(Boolean)
			.join(" ") || undefined;
	const fieldError = (name: TextField) =>
		errors[name] && (
			<p
				id={`${id}-${name}-error`}
				role="alert"
				className="mt-1 text-sm text-error"
			>
				{errors[name]?.message}
			</p>
		);
	const shownCover = preview ?? post?.cover_img ?? undefined;

	return (
		<form
			onSubmit={onSubmit}
			noValidate
			aria-label={post ? "Edit the post" : "Write a post"}
			className="space-y-4"
		>
			<div className="grid gap-4 md:grid-cols-2">
				<div className="md:col-span-2">
					<label className="label" htmlFor={`${id}-title`}>
						Title
					</label>
					<input
						id={`${id}-title`}
						className="input w-full"
						aria-invalid={errors.title ? true : undefined}
						aria-describedby={describe("title")}
						{...register("title")}
					/>
					{fieldError("title")}
				</div>
				<div>
					<label className="label" htmlFor={`${id}-slug`}>
						Slug
					</label>
					<input
						id={`${id}-slug`}
						className="input w-full font-mono"
						aria-invalid={errors.slug ? true : undefined}
						aria-describedby={describe("slug", true)}
						{...register("slug", { onChange: () => setIsSlugTyped(true) })}
					/>
					<p id={`${id}-slug-hint`} className="mt-1 text-sm">
						The address of the post: /blog/your-slug. Made from the title until
						you change it.
					</p>
					{fieldError("slug")}
				</div>
				<div>
					<label className="label" htmlFor={`${id}-published_on`}>
						Publication date
					</label>
					<input
						id={`${id}-published_on`}
						type="date"
						className="input w-full"
						aria-invalid={errors.published_on ? true : undefined}
						aria-describedby={describe("published_on")}
						{...register("published_on")}
					/>
					{fieldError("published_on")}
				</div>
				<div className="md:col-span-2">
					<label className="label" htmlFor={`${id}-excerpt`}>
						Summary
					</label>
					<textarea
						id={`${id}-excerpt`}
						className="textarea w-full"
						rows={2}
						aria-invalid={errors.excerpt ? true : undefined}
						aria-describedby={describe("excerpt")}
						{...register("excerpt")}
					/>
					{fieldError("excerpt")}
				</div>
				<div className="md:col-span-2">
					<label className="label" htmlFor={`${id}-cover`}>
						Cover image
					</label>
					{shownCover && (
						<img
							src={shownCover}
							alt={preview ? "The chosen cover" : "The current cover"}
							width={1200}
							height={630}
							className="mb-2 aspect-[1200/630] w-64 rounded-box object-cover"
						/>
					)}
					<input
						ref={fileInput}
						id={`${id}-cover`}
						type="file"
						accept="image/jpeg,image/png,image/webp"
						className="file-input w-full"
						aria-invalid={coverError ? true : undefined}
						aria-describedby={`${id}-cover-hint${coverError ? ` ${id}-cover-error` : ""}`}
						onChange={(event) => {
							const chosen = event.target.files?.[0];
							setCover(chosen);
							if (chosen) setCoverError(undefined);
						}}
					/>
					<p id={`${id}-cover-hint`} className="mt-1 text-sm">
						{post
							? "JPEG, PNG or WebP, up to 10 MiB. Leave empty to keep the current cover."
							: "JPEG, PNG or WebP, up to 10 MiB."}
					</p>
					{coverError && (
						<p
							id={`${id}-cover-error`}
							role="alert"
							className="mt-1 text-sm text-error"
						>
							{coverError}
						</p>
					)}
				</div>
				<div>
					<label className="label" htmlFor={`${id}-body`}>
						Body (Markdown)
					</label>
					<textarea
						id={`${id}-body`}
						className="textarea h-96 w-full font-mono text-sm"
						aria-invalid={errors.body ? true : undefined}
						aria-describedby={describe("body", true)}
						{...register("body")}
					/>
					<p id={`${id}-body-hint`} className="mt-1 text-sm">
						Markdown: ## for a subheading, **bold**, - for a list,
						[text](address) for a link. HTML is not shown.
					</p>
					{fieldError("body")}
				</div>
				{/* It scrolls with a long post: focusable, so a keyboard can scroll it too. */}
				<section
					aria-label="Preview"
					// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
					tabIndex={0}
					className="h-96 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-4 md:mt-8"
				>
					{body?.trim() ? (
						<MarkdownText text={body} />
					) : (
						<p>The preview of the body shows here as you type.</p>
					)}
				</section>
			</div>
			<Controller
				control={control}
				name="is_published"
				render={({ field }) => (
					<label className="label cursor-pointer gap-2">
						<input
							type="checkbox"
							className="checkbox"
							checked={field.value === "true"}
							onChange={(event) =>
								field.onChange(event.target.checked ? "true" : "false")
							}
						/>
						Published (visitors see it from its publication date)
					</label>
				)}
			/>
			<div>
				<SubmitButton isSubmitting={isSubmitting} className="btn btn-primary">
					{post ? "Save post" : "Add post"}
				</SubmitButton>
			</div>
		</form>
	);
}
