import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type * as z from "zod/mini";
import {
	type AdminBlogPost,
	BLOG_COVER_FIELD,
	BlogPostFormSchema,
	type BlogPostForm as BlogPostFormValues,
	slugify,
} from "../../../../shared/blog.schemas.ts";
import { BusyButton } from "../../../components/ui/busy-button.tsx";
import {
	Field,
	TextAreaField,
	TextField,
} from "../../../components/ui/field.tsx";
import {
	ImageField,
	type ImageFieldHandle,
} from "../../../components/ui/image-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { MarkdownText } from "./markdown.tsx";

type TextFieldName = Exclude<keyof BlogPostFormValues, "is_published">;

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

const TEXT_FIELDS: readonly string[] = [
	"title",
	"slug",
	"excerpt",
	"body",
	"published_on",
] satisfies TextFieldName[];
const isTextField = (field: string): field is TextFieldName =>
	TEXT_FIELDS.includes(field);

/**
 * The blog post editor: title, slug (made from the title until the admin types one), summary,
 * publication day, published or draft, an optional cover picture, and the Markdown body beside
 * its live preview, rendered as the post page renders it. `onSave` throws when the save failed;
 * the server's field errors show on their fields.
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
	const coverField = useRef<ImageFieldHandle>(null);
	const [cover, setCover] = useState<File>();
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

	const onSubmit = handleSubmit(async (fields) => {
		try {
			await onSave(fields, cover);
		} catch (error) {
			for (const issue of error instanceof ApiError ? error.details : []) {
				if (isTextField(issue.field))
					setError(issue.field, { message: issue.message });
				if (issue.field === BLOG_COVER_FIELD) {
					setCoverError(issue.message);
					coverField.current?.focus();
				}
			}
		}
	});

	return (
		<form
			onSubmit={onSubmit}
			noValidate
			aria-label={post ? "Edit the post" : "Write a post"}
			className="space-y-4"
		>
			<div className="grid gap-4 md:grid-cols-2">
				<TextField
					label="Title"
					className="md:col-span-2"
					error={errors.title?.message}
					{...register("title")}
				/>
				<Field
					label="Slug"
					hint="The address of the post: /blog/your-slug. Made from the title until you change it."
					error={errors.slug?.message}
				>
					{(slugControl) => (
						<input
							className={`input w-full font-mono ${errors.slug ? "input-error" : ""}`}
							{...slugControl}
							{...register("slug", { onChange: () => setIsSlugTyped(true) })}
						/>
					)}
				</Field>
				<TextField
					label="Publication date"
					type="date"
					error={errors.published_on?.message}
					{...register("published_on")}
				/>
				<TextAreaField
					label="Summary"
					className="md:col-span-2"
					rows={2}
					error={errors.excerpt?.message}
					{...register("excerpt")}
				/>
				<div className="md:col-span-2">
					<ImageField
						ref={coverField}
						label="Cover image"
						file={cover}
						currentUrl={post?.cover_img}
						keepHint={
							post
								? "Leave empty to keep the current cover."
								: "Optional: a post without a cover is shown without a picture."
						}
						previewClassName="aspect-[1200/630] w-64 rounded-box object-cover"
						error={coverError}
						isUploading={isSubmitting && cover !== undefined}
						onChange={(chosen) => {
							setCover(chosen);
							setCoverError(undefined);
						}}
					/>
				</div>
				<Field
					label="Body (Markdown)"
					hint="Markdown: ## for a subheading, **bold**, - for a list, [text](address) for a link. HTML is not shown."
					error={errors.body?.message}
				>
					{(bodyControl) => (
						<textarea
							className={`textarea h-96 w-full font-mono text-sm ${errors.body ? "textarea-error" : ""}`}
							{...bodyControl}
							{...register("body")}
						/>
					)}
				</Field>
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
					<label className="label cursor-pointer gap-2 whitespace-normal text-base-content">
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
				<BusyButton isBusy={isSubmitting}>
					{post ? "Save post" : "Add post"}
				</BusyButton>
			</div>
		</form>
	);
}
