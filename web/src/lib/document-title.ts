import { useEffect } from "react";
import { create } from "zustand";

const APP_NAME = "Drive";

interface TitleState {
  /** The folder or view shown, e.g. "Photos" or "Recent". */
  page?: string;
  /** Something running in the background worth seeing from another tab, e.g. "42% · Uploading 3 files". */
  activity?: string;
}

const useTitle = create<TitleState>()(() => ({}));

/** "42% · Uploading 3 files – Photos – Drive": what runs, then where the user is, then the app. */
export function composeTitle({ page, activity }: TitleState): string {
  return [activity, page, APP_NAME].filter(Boolean).join(" – ");
}

useTitle.subscribe((state) => {
  document.title = composeTitle(state);
});

/** Names the tab after the page while it is shown. */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    useTitle.setState({ page });
    return () => {
      if (useTitle.getState().page === page) useTitle.setState({ page: undefined });
    };
  }, [page]);
}

/** Shows background progress in the tab title; undefined clears it. */
export function setActivityTitle(activity: string | undefined): void {
  if (useTitle.getState().activity !== activity) useTitle.setState({ activity });
}
