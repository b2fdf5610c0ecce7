import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { describeError } from "@/drive/errors/error-message";
import { toast } from "@/lib/toast";
import { Button } from "@/ui/button";
import { deleteSchedule, JOBS_KEY, runSchedule, SCHEDULES_KEY, schedulesQueryOptions } from "../api/jobs";

/** The user's scheduled imports: run one now or delete it. */
export function ScheduleList() {
  const schedules = useQuery(schedulesQueryOptions());
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: "run" | "delete" }) =>
      action === "run" ? runSchedule(id) : deleteSchedule(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
      void queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    },
    onError: (error) => toast.error(describeError(error)),
  });
  if (!schedules.data?.length) return null;
  return (
    <section aria-labelledby="schedules-heading" className="flex flex-col gap-2">
      <h2 id="schedules-heading" className="text-lg font-medium">
        Scheduled
      </h2>
      <ul className="flex flex-col gap-2">
        {schedules.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 rounded-2xl bg-surface-container-low p-3">
            <p className="flex-1">
              <span className="font-medium">{s.name}</span>{" "}
              <span className="font-mono text-sm text-on-surface-variant">{s.cronExpression}</span>
              {!s.enabled && <span className="text-sm text-on-surface-variant"> (paused)</span>}
            </p>
            <Button variant="text" onClick={() => act.mutate({ id: s.id, action: "run" })}>
              Run now
            </Button>
            <Button variant="text" onClick={() => act.mutate({ id: s.id, action: "delete" })}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
