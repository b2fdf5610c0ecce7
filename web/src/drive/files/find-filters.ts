/**
 * What a search asks `GET /files` for beyond paging and sort (teldrive-api 3.2): the search feature builds it from the
 * route's filters, the file list sends it.
 */
export interface FindFilters {
  query?: string;
  searchType?: "text" | "regex";
  category?: string;
  type?: "file" | "folder";
  path?: string;
  parentId?: string;
  deepSearch?: boolean;
  updatedAt?: string;
}
