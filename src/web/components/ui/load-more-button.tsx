type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  label: string;
};

/** "Show more …" under a paged list; hidden once the last page is shown. */
export function LoadMoreButton({ hasNextPage, isFetchingNextPage, fetchNextPage, label }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-10 text-center">
      <button
        type="button"
        className="btn btn-outline btn-primary"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
      >
        {isFetchingNextPage ? "Loading…" : label}
      </button>
    </div>
  );
}
