import type { MainComponents } from "@drive/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, apiB } from "@/drive/api/api-client";

export type JobStatus = MainComponents["schemas"]["JobStatus"];
export type SyncArgs = MainComponents["schemas"]["SyncArgs"];
export type PeriodicJob = MainComponents["schemas"]["PeriodicJobSummary"];

/** What our server adds in `output.data`: the (credential-free) arguments and byte counts. */
export interface JobData {
  args?: SyncArgs;
  bytesDone?: number;
  bytesTotal?: number;
  skipped?: number;
  pruned?: number;
  currentFile?: string;
  periodicJobId?: string;
}

export const jobData = (job: JobStatus): JobData => (job.output?.data ?? {}) as JobData;

export const JOBS_KEY = ["jobs"] as const;
export const SCHEDULES_KEY = ["periodic-jobs"] as const;

/** `GET /jobs`: the newest 50 runs; polled every second while one is still going. */
export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: JOBS_KEY,
    queryFn: ({ signal }) => apiB.get("/jobs", { query: { limit: 50 }, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((j) => ["available", "running", "retryable"].includes(j.state)) ? 1000 : false,
  });

export const schedulesQueryOptions = () =>
  queryOptions({
    queryKey: SCHEDULES_KEY,
    queryFn: ({ signal }) => apiB.get("/periodic-jobs", { signal }),
  });

export const startImport = (args: SyncArgs) => apiB.post("/jobs", { body: { kind: "sync.run", args } });
export const testConnection = (args: SyncArgs) => apiB.post("/periodic-jobs/test-connection", { body: args });
export const cancelJob = (id: number) => apiB.post("/jobs/{id}/cancel", { path: { id } });
export const retryJob = (id: number) => api.post("/jobs/{id}/retry", { path: { id } });
export const deleteJob = (id: number) => apiB.delete("/jobs/{id}/delete", { path: { id } });
export const createSchedule = (name: string, cronExpression: string, args: SyncArgs) =>
  apiB.post("/periodic-jobs", { body: { name, enabled: true, cronExpression, args } });
export const deleteSchedule = (id: string) => apiB.delete("/periodic-jobs/{id}", { path: { id } });
export const runSchedule = (id: string) => apiB.post("/periodic-jobs/{id}/run", { path: { id } });
