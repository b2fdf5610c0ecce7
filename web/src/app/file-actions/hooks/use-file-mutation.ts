import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FILES_QUERY_KEY } from "@/drive/api/query-keys";
import { actionErrorMessage } from "@/drive/errors/action-error";
import { type ToastAction, toast } from "@/lib/toast";

export interface FileMutationMessages<V> {
  pending: (vars: V) => string;
  success: (vars: V) => string;
  /** A button on the success toast ("Undo"), offered for the toast's lifetime. */
  action?: (vars: V) => ToastAction | undefined;
  /** The item an error is about, for "An item named X already exists here". */
  subject?: (vars: V) => string | undefined;
}

/**
 * A mutation on files: a loading toast while it runs, a success or failure toast that says why, and the
 * file lists refetched afterwards in both cases (so the list never shows a state the server does not have).
 */
export function useFileMutation<V, R>(mutationFn: (vars: V) => Promise<R>, messages: FileMutationMessages<V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: (vars) => ({ toastId: toast.loading(messages.pending(vars)) }),
    onSuccess: (_data, vars, context) => {
      toast.success(messages.success(vars), { id: context?.toastId, action: messages.action?.(vars) });
    },
    onError: (error, vars, context) => {
      toast.error(actionErrorMessage(error, messages.subject?.(vars)), { id: context?.toastId });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_QUERY_KEY }),
  });
}
