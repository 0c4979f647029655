/**
 * The longest tool search the API takes. The same figure as SEARCH_QUERY_MAX_LENGTH of the shared
 * tool schemas, kept here because importing that module brings zod into the home page's first
 * download; tool-search.test.ts keeps the two equal.
 */
export const SEARCH_QUERY_MAX_LENGTH = 100;
