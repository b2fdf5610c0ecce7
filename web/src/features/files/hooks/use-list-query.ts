import { getSettings, useSettings } from "@/drive/settings/settings-store";
import {
  buildListQuery,
  defaultSort,
  type ListQuery,
  pageSizeToLimit,
  type Sort,
  sortFieldOf,
  type ViewParams,
} from "../lib/list-query";
import { useViewPrefs } from "../stores/view-prefs-store";

/** A sort chosen in the URL (views other than my-drive). */
export type SortOverride = Partial<Sort>;

interface Inputs {
  pageSize: string;
  storedSort: { sortId: Parameters<typeof sortFieldOf>[0]; order: Sort["order"] };
}

/** my-drive follows the user's stored sort; the other views their default, unless the URL says otherwise. */
export function resolveSort(params: ViewParams, override: SortOverride, inputs: Inputs): Sort {
  if (params.view === "my-drive") {
    return { sort: sortFieldOf(inputs.storedSort.sortId), order: inputs.storedSort.order };
  }
  const fallback = defaultSort(params.view);
  return { sort: override.sort ?? fallback.sort, order: override.order ?? fallback.order };
}

function resolve(params: ViewParams, override: SortOverride, inputs: Inputs): ListQuery {
  return buildListQuery(params, {
    sort: resolveSort(params, override, inputs),
    limit: pageSizeToLimit(inputs.pageSize),
  });
}

/** For loaders: the same query the component will build, read from the stores outside React. */
export function getListQuery(params: ViewParams, override: SortOverride = {}): ListQuery {
  return resolve(params, override, { pageSize: getSettings().pageSize, storedSort: useViewPrefs.getState().sort });
}

export function useListQuery(params: ViewParams, override: SortOverride = {}): ListQuery {
  const pageSize = useSettings((s) => s.pageSize);
  const storedSort = useViewPrefs((s) => s.sort);
  return resolve(params, override, { pageSize, storedSort });
}
